/**
 * Oversized and broken bodies against the production server: 10 MB to a form
 * 413, invalid UTF-8 and NUL characters 400, each with a Swedish message; never a 500.
 */
import { expect, test } from "./support/test";
import { errors } from "../../domain/i18n/sv";
import { memberByHttp } from "./support/accounts";
import { useMailbox } from "./support/forum";

const env = useMailbox();

test("10 MB, invalid UTF-8 and NUL bodies are refused with 413/400 and Swedish text", async () => {
  const member = await memberByHttp(env.baseURL, env.mailbox, "Stor");
  const html = await (await member.api.get("/forum")).text();
  const categoryId = html.match(/\/forum\/kategori\/([0-9a-f-]{36})/)![1]!;
  const path = `/forum/ny-trad/${categoryId}`;
  const type = { "content-type": "application/x-www-form-urlencoded" };

  const huge = await member.api.post(path, { data: `title=x&body=${"a".repeat(10 * 1024 * 1024)}`, headers: type });
  expect(huge.status()).toBe(413);
  expect(await huge.text()).toContain(errors.bodyTooLarge);

  const bad = await member.api.post(path, { data: Buffer.from([0x74, 0x69, 0x74, 0x6c, 0x65, 0x3d, 0xc3, 0x28]), headers: type });
  expect(bad.status()).toBe(400);
  expect(await bad.text()).toContain(errors.invalidText.slice(0, 30));

  const nul = await member.api.post(path, { data: "title=Hej%00&body=Text", headers: type });
  expect(nul.status()).toBe(400);

  for (const api of ["/api/bio", "/api/follow", "/api/preview"]) {
    const response = await member.api.post(api, { data: "body=%FF", headers: type });
    expect(response.status(), api).toBe(400);
  }
  await member.api.dispose();
});
