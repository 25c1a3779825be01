/** A route of the app's table in control (a'''): renders nothing. */
export default function Stub() {
  return null;
}
