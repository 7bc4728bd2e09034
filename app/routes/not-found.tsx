/**
 * Any other path (SPEC §2): the 404 page with status 404.
 *
 * @module
 */
import { data } from "react-router";
import { NotFound } from "../components/layout/not-found";
import { errors } from "../i18n/sv";
import type { Route } from "./+types/not-found";

/** Answers 404 so crawlers and monitors see a missing page. */
export function loader() {
  return data(null, { status: 404 });
}

/** Title of the 404 page. */
export const meta: Route.MetaFunction = () => [{ title: `${errors.notFound} – Börssnack` }];

/** The 404 page inside the plain document. */
export default function NotFoundRoute() {
  return <NotFound />;
}
