/**
 * Messages of the session gate (sign-in required, CSRF and origin checks). Their own module:
 * the permission policy runs in the browser too, and must not pull the login page's strings
 * into every page's bundle.
 */
export const session = {
  required: "Sesi tidak valid. Silakan login kembali.",
  csrfInvalid: "Permintaan ditolak: token keamanan (CSRF) tidak valid. Muat ulang halaman lalu coba lagi.",
  originInvalid: "Permintaan ditolak: asal permintaan tidak diizinkan.",
} as const;
