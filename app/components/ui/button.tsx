/**
 * Button and link styles shared by every screen.
 *
 * @module
 */
import type { ButtonHTMLAttributes } from "react";
import { Link, type LinkProps } from "react-router";

/** Visual variants. */
export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";

const base =
  "inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50 min-h-10";
const variants: Record<ButtonVariant, string> = {
  primary: "bg-brand-700 text-white hover:bg-brand-800",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-100",
  ghost: "text-slate-700 hover:bg-slate-100",
  danger: "bg-red-600 text-white hover:bg-red-700",
};

/**
 * The classes of one variant alone (the shared member render swaps 'Följ' for
 * 'Sluta följa', primary for secondary, in a page made for the generic member).
 *
 * @param variant the variant
 * @returns its colour and border classes
 */
export function buttonVariantClass(variant: ButtonVariant): string {
  return variants[variant];
}

/**
 * Class names for a button-looking element.
 *
 * @param variant visual variant (default primary)
 * @param extra additional classes
 */
export function buttonClass(variant: ButtonVariant = "primary", extra = ""): string {
  return `${base} ${variants[variant]} ${extra}`.trim();
}

/** A `<button>`; `variant` picks the style. */
export function Button({
  variant = "primary",
  className = "",
  type = "button",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}

/** A router `<Link>` that looks like a button. */
export function ButtonLink({
  variant = "primary",
  className = "",
  ...props
}: LinkProps & { variant?: ButtonVariant }) {
  return <Link className={buttonClass(variant, className)} {...props} />;
}
