/** Types for `libqp` (quoted-printable codec by the nodemailer author). */
declare module "libqp" {
  const libqp: { decode(input: string): Buffer; encode(input: Buffer | string): string };
  export default libqp;
}
