/**
 * Server entry: React Router's default Node entry (`@react-router/dev` defaults) plus the
 * per-request CSP nonce (server/security/headers.ts) on `<ServerRouter>` and React's stream, so
 * React Router's inline scripts, `<Scripts>`, `<Links>` and `<ScrollRestoration>` carry it
 * (reactrouter.com "Security: Content-Security-Policy"), and `Retry-After` on 503 pages.
 *
 * @module
 */
import { PassThrough } from "node:stream";

import type { EntryContext, RouterContextProvider } from "react-router";
import { cspNonceContext } from "../server/security/headers";
import { UNAVAILABLE_RETRY_AFTER_S } from "../server/db/unavailable";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter } from "react-router";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";

/** How long (ms) a streamed render may take before the rest is abandoned. */
export const streamTimeout = 5_000;

/** Renders the document for one request; rejects when the shell fails to render. */
export default function handleRequest(
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
          const body = new PassThrough({
            final(callback) {
              // Clear the timeout to prevent retaining the closure and memory leak
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
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
