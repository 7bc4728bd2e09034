/**
 * Cross-site request protection: hand-made writes carrying a logged-in
 * member's session cookie but a foreign `Origin` or `Sec-Fetch-Site: cross-site` are refused
 * with 403 and a Swedish message, and nothing is written; the same writes from the forum's own
 * origin go through.
 */
import { expect, test } from "./support/test";
import { errors } from "../../domain/i18n/sv";
import { memberByHttp } from "./support/accounts";
import { useMailbox } from "./support/forum";

const env = useMailbox();

test("writes from another site are refused; the forum's own writes pass", async () => {
  const member = await memberByHttp(env.baseURL, env.mailbox, "Korsvis");
  const html = await (await member.api.get("/forum")).text();
  const categoryId = html.match(/\/forum\/kategori\/([0-9a-f-]{36})/)![1]!;
  const title = `Pump och dump ${Date.now()}`;
  const foreign: Array<Record<string, string>> = [
    { Origin: "https://evil.example" },
    { Origin: "null" },
    { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" },
    { "Sec-Fetch-Site": "same-site", Origin: env.baseURL.replace("localhost", "sub.localhost") },
  ];
  const writes: Array<{ path: string; form: Record<string, string> }> = [
    { path: `/forum/ny-trad/${categoryId}`, form: { title, body: "Köp nu!" } },
    { path: "/api/bio", form: { bio: "Hackad" } },
    { path: "/api/follow", form: { userId: "nobody", follow: "true" } },
    { path: "/auth/logout", form: {} },
    { path: "/api/auth/sign-out", form: {} },
  ];
  let refused = 0;
  for (const headers of foreign) {
    for (const write of writes) {
      const response = await member.api.post(write.path, { form: write.form, headers, maxRedirects: 0 });
      expect(response.status(), `${write.path} with ${JSON.stringify(headers)}`).toBe(403);
      expect(await response.text()).toContain(errors.crossSite.slice(0, 40));
      refused += 1;
    }
  }
  expect(refused).toBe(20);
  // Nothing was written: the thread does not exist and the session still works.
  const forum = await member.api.get("/forum");
  expect(await forum.text()).not.toContain(title);
  // The same write from the forum's own origin is accepted.
  const own = await member.api.post(`/forum/ny-trad/${categoryId}`, {
    form: { title, body: "Ett vanligt inlägg." },
    headers: { Origin: env.baseURL, "Sec-Fetch-Site": "same-origin" },
    maxRedirects: 0,
  });
  expect(own.status()).toBe(302);
  await member.api.dispose();
});
