// Changing the email on /profile/edit (issue 25): the current password is asked for and its refusals shown at the
// field; a right one leaves the account on its address and says a link went to the new inbox; the link, followed,
// makes the new address the account's. On a channel of its own, with its own copy of the fan.
import { expect, expectAccessible, test, visit } from "./fixtures";
import { latestMailLink, uniqueEmail } from "./support/accounts";
import { copy, fill } from "./support/copy";

const t = copy("en", "auth");

test("a new email needs the current password and waits for the link sent to the new inbox", async ({ page, request, ownChannel: ch, signIn }, testInfo) => {
  const fan = await signIn(ch, "fan");
  const next = uniqueEmail(testInfo, "moved");
  await visit(page, ch.url("/profile/edit"));
  const form = page.locator("form#profile-details");
  const email = form.getByLabel(t.form.email, { exact: true });
  const password = form.getByLabel(t.profileEdit.emailCurrentPassword, { exact: true });
  const save = form.getByRole("button", { name: t.profileEdit.saveDetails, exact: true });

  await email.fill(next);
  await save.click();
  await expect(form.getByText(t.messages.currentPasswordForEmail)).toBeVisible();
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);

  await password.fill("not-my-password");
  await save.click();
  await expect(form.getByText(t.messages.incorrectPassword)).toBeVisible();

  await password.fill(fan.password);
  await save.click();
  await expect(page.getByRole("status")).toHaveText(fill(t.profileEdit.emailChanged, { email: next }));
  // The account keeps its address until the link is followed.
  await expect(email).toHaveValue(fan.email);
  await page.reload();
  await expect(page.getByRole("status")).toHaveText(fill(t.profileEdit.emailPending, { email: next }));

  await visit(page, await latestMailLink(request, ch, next, "change_email"));
  await expect(page.getByText(t.verifyEmail.success)).toBeVisible();
  await visit(page, ch.url("/profile/edit"));
  await expect(page.locator("form#profile-details").getByLabel(t.form.email, { exact: true })).toHaveValue(next);
});
