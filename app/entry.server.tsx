/**
 * Server entry: React Router's default Node entry (`@react-router/dev` defaults) plus the
 * per-request CSP nonce (server/security/headers.ts) on `<ServerRouter>` and React's stream, so
 * React Router's inline scripts, `<Scripts>`, `<Links>` and `<ScrollRestoration>` carry it
 * (reactrouter.com "Security: Content-Security-Policy"), `Retry-After` on 503 pages, and in a
 * generic render the collector of the page's personal parts (app/lib/personal.tsx).
 *
 * @module
 */
import { Transform } from "node:stream";

import type { EntryContext, RouterContextProvider } from "react-router";
import { cspNonceContext } from "../server/security/headers";
import { UNAVAILABLE_RETRY_AFTER_S } from "../server/db/unavailable";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter, StaticRouter } from "react-router";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { hydrationPartsReady } from "./lib/lazy";
import { PersonalCollector, type CollectPart } from "./lib/personal";
import { personalContext } from "../server/cache/share-personal";

/**
 * In a generic render (server/cache/page-cache.ts), what `<Personal>` declares: each part
 * with a function that renders it for any state exactly as in place (React `renderToString` of
 * the part's pure render function, inside a static router at the page's URL, so that a part
 * may hold router links, e.g. a member's own list of threads). A part declared again (a render
 * retried) keeps its place.
 *
 * @param loadContext the request's context; its `personalContext` is set only for a generic render
 * @param url the page's URL (path and query)
 * @returns the collector, or null for every other render
 */
function collectorOf(loadContext: RouterContextProvider, url: string): CollectPart | null {
  const parts = loadContext.get(personalContext);
  if (!parts) return null;
  return (name, generic, render) => {
    const slot = { name, generic, html: (state: unknown) => renderToString(<StaticRouter location={url}>{render(state)}</StaticRouter>) };
    const at = parts.slots.findIndex((s) => s.name === name);
    if (at >= 0) parts.slots[at] = slot;
    else parts.slots.push(slot);
  };
}

/** `/forum?sortera=olasta` of a request's absolute URL. */
function pathAndQuery(href: string): string {
  const url = new URL(href);
  return `${url.pathname}${url.search}`;
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
      // A generic render waits too: its parts are found in page order.
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode || loadContext.get(personalContext)
        ? "onAllReady"
        : "onShellReady";

    // Abort the rendering stream after the `streamTimeout` so it has time to
    // flush down the rejected boundaries
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <PersonalCollector.Provider value={collectorOf(loadContext, pathAndQuery(request.url))}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce || undefined} />
      </PersonalCollector.Provider>,
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
