/**
 * The admin's message form in the browser (SPEC §4 Admin send: a toast and a form reset when the
 * job is done; it once failed: "after an admin message is sent, the recipient list is not cleared,
 * and the success toast 'Meddelandet skickat' was not seen"): the admin picks a member from
 * /admin/users (the recipient arrives pre-filled), sends, sees 'Meddelandet skickat' and an empty
 * form, and the member receives the mail.
 */
import { expect, test } from "./support/test";
import { adminPages as ap } from "../../domain/i18n/sv";
import { E2E_ADMIN, login, memberByHttp } from "./support/accounts";
import { useMailbox } from "./support/forum";

const env = useMailbox();

test("an admin sends a message: toast 'Meddelandet skickat', the form is empty again, the member gets the mail", async ({ page }) => {
  const member = await memberByHttp(env.baseURL, env.mailbox, "Mottagare");
  await login(page, E2E_ADMIN);
  await page.goto("/admin/messages");
  const recipients = page.getByLabel(ap.recipients, { exact: true });
  await recipients.fill(member.email);
  await page.getByLabel(ap.subject, { exact: true }).fill("Nytt från Börssnack");
  await page.getByLabel(ap.content, { exact: true }).fill("<p>Hej! Rapportsäsongen drar igång.</p>");
  const started = Date.now();
  await page.getByRole("button", { name: ap.send, exact: true }).click();
  await expect(page.getByText(ap.sent, { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(recipients).toHaveValue("");
  await expect(page.getByLabel(ap.subject, { exact: true })).toHaveValue("");
  const mail = await env.mailbox.waitFor(member.email, { after: started });
  expect(mail.source).toContain("Rapportsäsongen drar igång");
  await member.api.dispose();
});
