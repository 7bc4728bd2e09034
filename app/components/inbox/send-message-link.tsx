/**
 * 'Skicka meddelande' on a profile and its card: a link to 'Nytt meddelande' to that member
 * (`/forum/inkorg/ny?till=<nickname>`, which opens an existing one-to-one conversation instead).
 * A visitor is asked to log in there and comes back.
 *
 * @module
 */
import { Mail } from "lucide-react";
import { Link } from "react-router";
import { inbox as ib } from "../../../domain/i18n/sv";
import { newMessagePath } from "../../../domain/messages";
import { buttonClass } from "../ui/button";

/** The link, for the member `nickname`. */
export function SendMessageLink({ nickname }: { nickname: string }) {
  return (
    <Link to={newMessagePath(nickname)} className={buttonClass("secondary", "gap-2")}>
      <Mail className="size-4" aria-hidden />
      {ib.sendMessage}
    </Link>
  );
}
