import { describe, expect, it } from "vitest";
import { GENERIC_RENDER_HEADER, genericRenderHeader, isGenericRender, reportManifest, takeManifest } from "./generic-render";

const request = (value?: string) => new Request("http://localhost/forum", { headers: value === undefined ? {} : { [GENERIC_RENDER_HEADER]: value } });

describe("the generic member's render", () => {
  it("is only the request this process marked: a client cannot ask for it", () => {
    const { value } = genericRenderHeader();
    expect(isGenericRender(request(value))).toBe(true);
    expect(isGenericRender(request())).toBe(false);
    expect(isGenericRender(request(`${"0".repeat(32)}:1`))).toBe(false);
    expect(isGenericRender(request(value.replace(/^./, (c) => (c === "a" ? "b" : "a"))))).toBe(false);
    expect(isGenericRender(request("x"))).toBe(false);
  });

  it("hands the loader's manifest to the render that asked, once", () => {
    const { value, renderId } = genericRenderHeader();
    reportManifest(request(), { kind: "profile", profileId: "ignored" });
    reportManifest(request(value), { kind: "profile", profileId: "p1" });
    expect(takeManifest(renderId)).toEqual({ kind: "profile", profileId: "p1" });
    expect(takeManifest(renderId)).toBeUndefined();
  });
});
