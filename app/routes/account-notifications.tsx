/**
 * `/forum/konto/notiser` ('Notiser'): the notification settings are a section of the
 * account page, so this address redirects to `/forum/konto#notiser` (the account page itself
 * sends visitors to log in).
 *
 * @module
 */
import { redirect } from "react-router";

/** Always a redirect to the section 'Notiser' of the account page. */
export function loader() {
  return redirect("/forum/konto#notiser");
}
