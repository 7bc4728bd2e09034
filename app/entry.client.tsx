/**
 * Browser entry: React Router's default (`@react-router/dev` defaults: `hydrateRoot` of
 * `<HydratedRouter>` in a transition, in StrictMode), after the lazily loaded modules the page
 * holds have loaded — the member-only parts on a page rendered for a signed-in member, the error
 * views on an error page (`hydrationModule`, app/lib/lazy.ts) — so the hydrating render
 * draws them as the server did. A visitor's thread page waits for nothing.
 *
 * @module
 */
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { hydrationPartsReady } from "./lib/lazy";

void hydrationPartsReady().then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
