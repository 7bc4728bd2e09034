/**
 * Every user-facing string of Börssnack, in Swedish, with the spec's exact wording where the spec
 * gives one (section in each group's comment). Server and browser both import from here.
 *
 * Functions build strings that embed a value; they take plain values and return a string.
 *
 * Each group lives in its own module under `groups/` and this file re-exports them all, so code
 * keeps importing `{ forum as f } from ".../i18n/sv"` while the browser build puts each group only
 * in the chunks of the routes that use it (a thread page does not download the admin or privacy
 * texts). A new group is one more file there and one more line here.
 *
 * @module
 */
export { app } from "./groups/app";
export { nav } from "./groups/nav";
export { auth } from "./groups/auth";
export { forum } from "./groups/forum";
export { forumGuide } from "./groups/forumGuide";
export { reactions } from "./groups/reactions";
export { toasts } from "./groups/toasts";
export { editing } from "./groups/editing";
export { postMarks } from "./groups/postMarks";
export { errors } from "./groups/errors";
export { time } from "./groups/time";
export { mail } from "./groups/mail";
export { authMail } from "./groups/authMail";
export { admin } from "./groups/admin";
export { profile } from "./groups/profile";
export { ticker } from "./groups/ticker";
export { watchlist } from "./groups/watchlist";
export { sectors } from "./groups/sectors";
export { cli } from "./groups/cli";
export { config } from "./groups/config";
export { roles } from "./groups/roles";
export { landing } from "./groups/landing";
export { privacy } from "./groups/privacy";
export { uploads } from "./groups/uploads";
export { postImages } from "./groups/postImages";
export { markdown } from "./groups/markdown";
export { quoteDrafts } from "./groups/quoteDrafts";
export { edgeLevel } from "./groups/edgeLevel";
export { search } from "./groups/search";
export { notifications } from "./groups/notifications";
export { threadWatch } from "./groups/threadWatch";
export { presence } from "./groups/presence";
export { moderation } from "./groups/moderation";
export { reporting } from "./groups/reporting";
export { adminPages } from "./groups/adminPages";
export { adminMail } from "./groups/adminMail";
export { adminJobs } from "./groups/adminJobs";
export { abuseLimits } from "./groups/abuseLimits";
export { unavailable } from "./groups/unavailable";
export { marketHours } from "./groups/marketHours";
export { trendingTickers } from "./groups/trendingTickers";
export { stances } from "./groups/stances";
export { pwa } from "./groups/pwa";
export { notificationSettings } from "./groups/notificationSettings";
export { digestMail } from "./groups/digestMail";
export { webPush } from "./groups/webPush";
export { theme } from "./groups/theme";
export { mutes } from "./groups/mutes";
export { bookmarks } from "./groups/bookmarks";
export { feeds } from "./groups/feeds";
export { unread } from "./groups/unread";
export { polls } from "./groups/polls";
export { threadTools } from "./groups/threadTools";
export { threadState } from "./groups/threadState";
export { inbox } from "./groups/inbox";
