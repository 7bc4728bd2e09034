/**
 * Server entry: React Router's default Node entry (`@react-router/dev` defaults) plus the
 * per-request CSP nonce (server/security/headers.ts) on `<ServerRouter>` and React's stream, so
 * React Router's inline scripts, `<Scripts>`, `<Links>` and `<ScrollRestoration>` carry it
 * (reactrouter.com "Security: Content-Security-Policy"), and `Retry-After` on 503 pages.
 *
 * @module
 */
import { Transform } from "node:stream";

import type { EntryContext, RouterContextProvider } from "react-router";
import { cspNonceContext } from "../server/security/headers";
import { UNAVAILABLE_RETRY_AFTER_S } from "../server/db/unavailable";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter } from "react-router";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { EdgeAvatar } from "./components/ui/edge-level";
import { buttonVariantClass } from "./components/ui/button";
import { ModerationMenu } from "./components/forum/moderation-menu";
import { hydrationPartsReady } from "./lib/lazy";
import { NotificationList } from "./components/notifications/notification-list";
import type { OverlayViewer } from "../domain/personal-overlay";
import type { NotificationItem } from "../domain/notifications";

/**
 * The header's avatar of a member exactly as the page renders it (`UserMenu` in
 * app/components/layout/site-header.tsx), for the shared member render
 * (server/cache/member-pages.ts), which sets it into a page rendered for the generic member.
 *
 * @param viewer the member (nickname, avatarUrl, edgeLevel 0..1)
 * @returns HTML
 */
export function renderViewerAvatar(viewer: OverlayViewer): string {
  return renderToString(<EdgeAvatar nickname={viewer.nickname} avatarUrl={viewer.avatarUrl} edgeLevel={viewer.edgeLevel} size="sm" />);
}

/**
 * The follow button's classes off and on ('Följ' primary, 'Sluta följa' secondary), for the shared
 * member render (server/cache/member-pages.ts).
 */
export const followToggleClasses: readonly [string, string] = [buttonVariantClass("primary"), buttonVariantClass("secondary")];

/**
 * The actions of a member's own post as the page renders them (the closed 'Åtgärder' menu with
 * 'Redigera' and 'Radera'; `ItemActions` in app/components/forum/moderation.tsx), for the shared
 * member render, which puts it in place of 'Anmäl' on the member's own posts.
 *
 * @returns HTML
 */
export function renderOwnPostActions(): string {
  return renderToString(<ModerationMenu request={{ kind: "comment", id: "" }} blockUserId={null} canDelete edit={{ onEdit: () => {} }} />);
}

/**
 * The notifications page's list for one member as the page renders it at hydration
 * (`NotificationList`, app/components/notifications/notification-list.tsx), for the shared member
 * render, which sets it in place of the generic render's empty list.
 *
 * @param items the member's notifications, newest first
 * @returns HTML
 */
export function renderNotificationList(items: NotificationItem[]): string {
  return renderToString(<NotificationList items={items} busy={false} />);
}

/** How long (ms) a streamed render may take before the rest is abandoned. */
export const streamTimeout = 5_000;

/** Renders the document for one request; rejects when the shell fails to render. */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  // A 503 page (database unavailable, server/db/unavailable.ts; or the login check's
  // 'Anslutningsproblem') says when to come back and is never cached.
  if (responseStatusCode === 503) {
    if (!responseHeaders.has("Retry-After")) responseHeaders.set("Retry-After", String(UNAVAILABLE_RETRY_AFTER_S));
    responseHeaders.set("Cache-Control", "no-store");
  }
  // Lazily loaded parts (member-only, error views) render synchronously on the server
  // (app/lib/lazy.ts `hydrationModule`): their modules load once, at start; resolved at once after.
  await hydrationPartsReady();
  const nonce = loadContext.get(cspNonceContext);
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let userAgent = request.headers.get("user-agent");

    // Ensure requests from bots and SPA Mode renders wait for all content to load before responding
    // https://react.dev/reference/react-dom/server/renderToPipeableStream#waiting-for-all-content-to-load-for-crawlers-and-static-generation
    let readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode
        ? "onAllReady"
        : "onShellReady";

    // Abort the rendering stream after the `streamTimeout` so it has time to
    // flush down the rejected boundaries
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce || undefined} />,
      {
        nonce: nonce || undefined,
        [readyOption]() {
          shellRendered = true;
          const body = coalescing(() => {
            // Clear the timeout to prevent retaining the closure and memory leak
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          const stream = createReadableStreamFromReadable(body);

          responseHeaders.set("Content-Type", "text/html");

          pipe(body);

          resolve(
            new Response(stream, {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Log streaming rendering errors from inside the shell.  Don't log
          // errors encountered during initial shell rendering since they'll
          // reject and get logged in handleDocumentRequest.
          if (shellRendered) {
            console.error(error);
          }
        },
      },
    );
  });
}

/** Bytes gathered before a piece of the page is passed on. */
const COALESCE_BYTES = 64 * 1024;

/**
 * A pass-through for React's output that hands it on in pieces of up to 64 kB instead of React's
 * 2 kB writes: each piece crosses a Node → web → Node stream conversion and the compression
 * middleware, so a 360 kB thread page went through them about 180 times. Whatever has
 * gathered is passed on as soon as React pauses (a `setImmediate`), so streamed Suspense
 * content still arrives when it is ready.
 *
 * @param onFinal called when React has written everything
 * @returns the stream to `pipe` React into
 */
function coalescing(onFinal: () => void): Transform {
  let chunks: Buffer[] = [];
  let size = 0;
  let scheduled: NodeJS.Immediate | undefined;
  const flush = (stream: Transform) => {
    if (scheduled) clearImmediate(scheduled);
    scheduled = undefined;
    if (size === 0) return;
    stream.push(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
    chunks = [];
    size = 0;
  };
  const stream: Transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= COALESCE_BYTES) flush(stream);
      else scheduled ??= setImmediate(() => flush(stream));
      callback();
    },
    // Transform's flush (not final: that would replace the end of the readable side).
    flush(callback) {
      flush(stream);
      onFinal();
      callback();
    },
  });
  return stream;
}
