/**
 * Route table: SPEC §2 "Route table", line for line (each route beyond it has a comment),
 * plus the API and health routes the server needs.
 *
 * @module
 */
import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  // SPEC §2 Landing page.
  route("landing", "routes/landing.tsx"),
  // Start page and forum share the forum layout (SPEC §2 Shared forum layout).
  layout("routes/forum-layout.tsx", [
    index("routes/forum-home.tsx", { id: "start" }),
    ...prefix("forum", [
      index("routes/forum-home.tsx", { id: "forum-home" }),
      route("kategori/:categoryId", "routes/category.tsx", { id: "category-sv" }),
      route("category/:categoryId", "routes/category.tsx", { id: "category-en" }),
      // The spec's thread path, with the title's slug after it (the form without redirects).
      route("kategori/:categoryId/trad/:threadId/:slug?", "routes/thread.tsx"),
      route("post/:postId", "routes/post-redirect.tsx"),
      // A comment on whichever page of its thread shows it (paginated comments).
      route("kommentar/:commentId", "routes/comment-redirect.tsx"),
      route("ny-trad/:categoryId", "routes/new-thread.tsx", { id: "new-thread" }),
      route("create", "routes/new-thread.tsx", { id: "new-thread-picker" }),
      route("edit/:postId", "routes/edit-thread.tsx"),
      route("profil", "routes/profile-redirect.tsx"),
      route("profil/:userId", "routes/profile.tsx"),
      // Ticker page (cashtags).
      route("aktie/:ticker", "routes/ticker.tsx"),
      // Watchlist 'Bevakning'.
      route("bevakning", "routes/watchlist.tsx"),
      // Saved threads and comments 'Sparade'.
      route("sparade", "routes/saved.tsx"),
      // Own account: data export and deletion (GDPR).
      route("konto", "routes/account.tsx"),
      route("konto/radera", "routes/account-delete-confirm.tsx"),
      // Notification settings 'Notiser': a section of the account page.
      route("konto/notiser", "routes/account-notifications.tsx"),
      // Full search results page.
      route("sok", "routes/search.tsx"),
      // SPEC §2 Notifications page.
      route("notifications", "routes/notifications.tsx"),
      // Private messages 'Inkorg': the inbox, 'Nytt meddelande', one conversation.
      route("inkorg", "routes/inbox.tsx"),
      route("inkorg/ny", "routes/inbox-new.tsx"),
      route("inkorg/:conversationId", "routes/conversation.tsx"),
    ]),
    // One-click opt-out of the admins' bulk mail (List-Unsubscribe).
    route("avregistrera", "routes/unsubscribe.tsx"),
    // One-click opt-out of the notification e-mail: digest and weekly summary.
    route("avregistrera-notiser", "routes/digest-unsubscribe.tsx"),
    // SPEC §2 "any other path": 404 page, inside the forum layout.
    route("*", "routes/not-found.tsx"),
  ]),
  // SPEC §2 /auth layout.
  route("auth", "routes/auth-layout.tsx", [
    route("register", "routes/auth-register.tsx"),
    route("login", "routes/auth-login.tsx"),
    route("email-verification", "routes/auth-email-verification.tsx"),
    route("logout", "routes/auth-logout.tsx"),
    route("forgot-password", "routes/auth-forgot-password.tsx"),
    route("reset-password", "routes/auth-reset-password.tsx"),
    route("set-password", "routes/auth-set-password.tsx"),
    route("magic", "routes/auth-magic.tsx"),
  ]),
  // SPEC §2 /admin layout ('Admin Dashboard'): index, users, messages, roles; plus the report
  // queue and the moderation log.
  route("admin", "routes/admin-layout.tsx", [
    index("routes/admin-dashboard.tsx"),
    route("users", "routes/admin-users.tsx"),
    route("messages", "routes/admin-messages.tsx"),
    route("roles", "routes/admin-roles.tsx"),
    route("reports", "routes/admin-reports.tsx"),
    route("logg", "routes/admin-log.tsx"),
    // The job queue's status, admins only.
    route("jobb", "routes/admin-jobs.tsx"),
  ]),
  // Atom feeds: newest threads, a category, a thread's comments, a ticker.
  route("forum/feed.atom", "routes/feeds.ts", { id: "feed-forum" }),
  route("forum/kategori/:categoryId/feed.atom", "routes/feeds.ts", { id: "feed-category" }),
  route("forum/kategori/:categoryId/trad/:threadId/feed.atom", "routes/feeds.ts", { id: "feed-thread" }),
  route("forum/aktie/:ticker/feed.atom", "routes/feeds.ts", { id: "feed-ticker" }),
  // Server endpoints.
  route("api/auth/*", "routes/api-auth.ts"),
  route("api/nickname-available", "routes/api-nickname-available.ts"),
  route("api/login", "routes/api-login.ts"),
  route("api/my-data", "routes/api-my-data.ts"),
  route("api/follow", "routes/api-follow.ts"),
  route("api/watchlist", "routes/api-watchlist.ts"),
  // Colour theme cookie: system, light or dark.
  route("api/theme", "routes/api-theme.ts"),
  // Mute a member ('Dölj medlem') and save posts ('Spara').
  route("api/mute", "routes/api-mute.ts"),
  route("api/bookmark", "routes/api-bookmark.ts"),
  // Web Push: this device's subscription and the VAPID public key.
  route("api/push", "routes/api-push.ts"),
  route("api/ticker-card/:ticker", "routes/api-ticker-card.ts"),
  route("api/profile-card/:userId", "routes/api-profile-card.ts"),
  route("api/bio", "routes/api-bio.ts"),
  route("api/preview", "routes/api-preview.ts"),
  route("api/mentions", "routes/api-mentions.ts"),
  route("api/tickers", "routes/api-tickers.ts"),
  route("api/market-calendar", "routes/api-market-calendar.ts"),
  route("api/market-status", "routes/api-market-status.ts"),
  route("api/search", "routes/api-search.ts"),
  route("api/report", "routes/api-report.ts"),
  route("api/revisions/:targetType/:id", "routes/api-revisions.ts"),
  route("api/block", "routes/api-block.ts"),
  route("api/admin/user-emails", "routes/api-admin-user-emails.ts"),
  route("api/admin/mail-jobs/:jobId", "routes/api-admin-mail-job.ts"),
  // Images in posts (before `:kind`, which would otherwise answer 404 for `post`).
  route("api/uploads/post", "routes/api-post-images.ts"),
  route("api/uploads/:kind", "routes/api-uploads.ts"),
  route("uploads/*", "routes/uploads.ts"),
  // Notifications, live stream and presence.
  route("api/notifications", "routes/api-notifications.ts"),
  route("api/events", "routes/api-events.ts"),
  route("api/presence", "routes/api-presence.ts"),
  // Read marks: comments on screen, 'Markera alla som lästa' (docs/decisions/052).
  route("api/unread", "routes/api-unread.ts"),
  route("api/inbox", "routes/api-inbox.ts"),
  route("healthz", "routes/healthz.ts"),
  // robots.txt, the sitemap index and its child sitemaps.
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap-index.ts"),
  route("sitemaps/:name", "routes/sitemap.ts"),
] satisfies RouteConfig;
