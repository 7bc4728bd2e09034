/**
 * The EdgeLevel progress bar on profiles (SPEC §1, §3 EdgeLevel, §9): its own module, so the
 * pages that only show avatars (`edge-level.tsx`) do not carry it.
 *
 * @module
 */
import { useId } from "react";
import { edgeLevel as el } from "../../../domain/i18n/sv";
import { edgeLevelBand, edgeLevelPercent, type EdgeLevelBand } from "./edge-level";

/** Fill colour of the bar per band (full class names, so Tailwind finds them). */
const barColours: Record<EdgeLevelBand, string> = {
  0: "bg-slate-400",
  1: "bg-sky-500",
  2: "bg-brand-500",
  3: "bg-amber-500",
  4: "bg-violet-600",
};

/**
 * The profile's EdgeLevel bar: label 'EdgeLevel 42 %', the band's name, and a bar filled to the
 * percentage in the band's colour. Exposed as `role="progressbar"` with `aria-valuenow`.
 *
 * @param value the stored EdgeLevel (0–1)
 * @param className extra classes for the outer element
 */
export function EdgeLevelBar({ value, className = "" }: { value: number | null | undefined; className?: string }) {
  const labelId = useId();
  const percent = edgeLevelPercent(value);
  const band = edgeLevelBand(value);
  return (
    <div className={`space-y-1 ${className}`} title={el.description} data-edge-band={band}>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span id={labelId} className="font-medium text-slate-700">
          {el.label(percent)}
        </span>
        <span className="text-xs text-slate-500">{el.bands[band]}</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={el.percent(percent)}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className={`h-full rounded-full ${barColours[band]}`} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
