/**
 * Labelled form fields with their Swedish error message (SPEC §5: the form keeps what was typed).
 *
 * @module
 */
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";

const control =
  "block w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-500";

/** Props shared by {@link TextField} and {@link TextAreaField}. */
interface FieldProps {
  /** Visible label. */
  label: string;
  /** Swedish error message under the field. */
  error?: string | undefined;
  /** Extra content under the field (hint or status). */
  hint?: ReactNode;
}

/** Label, control, hint and error around one form control. */
function FieldShell({
  label,
  error,
  hint,
  fieldId,
  children,
}: FieldProps & { fieldId: string | undefined; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={fieldId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint}
      {error ? (
        <p id={`${fieldId}-error`} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The `aria-*` and class props every control gets. */
function controlProps(fieldId: string | undefined, error: string | undefined) {
  return {
    id: fieldId,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${fieldId}-error` : undefined,
    className: `${control} border-slate-300`,
  };
}

/** An `<input>` with label, error and hint. `name` doubles as id unless `id` is given. */
export function TextField({ label, error, hint, id, name, ...props }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const fieldId = id ?? name;
  return (
    <FieldShell label={label} error={error} hint={hint} fieldId={fieldId}>
      <input name={name} {...controlProps(fieldId, error)} {...props} />
    </FieldShell>
  );
}

/** A `<textarea>` with label and error. */
export function TextAreaField({
  label,
  error,
  hint,
  id,
  name,
  ...props
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const fieldId = id ?? name;
  return (
    <FieldShell label={label} error={error} hint={hint} fieldId={fieldId}>
      <textarea name={name} {...controlProps(fieldId, error)} {...props} />
    </FieldShell>
  );
}

/** A form-level error box. */
export function FormError({ message }: { message?: string | undefined }) {
  if (!message) return null;
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
      {message}
    </div>
  );
}

/** An info notice box (SPEC §2 /auth/login message shown once). */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-900">
      {children}
    </div>
  );
}
