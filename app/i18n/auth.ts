/** Sign-in and session messages. */
export const login = {
  title: "Login",
  description: "Masuk ke E-Arsip.",
  heading: "Masuk ke E-Arsip",
  username: "Username",
  password: "Password",
  submit: "Login",
  usernameRequired: "Username tidak boleh kosong.",
  passwordRequired: "Password tidak boleh kosong.",
  failed: "Login gagal. Cek kembali kredensial Anda.",
  invalidBody: "Data login tidak valid. Kirim username dan password.",
  throttled: "Terlalu banyak percobaan login yang gagal. Silakan coba lagi dalam beberapa menit.",
  ssoNotConfigured:
    "Single sign-on (SSO) belum dikonfigurasi untuk sistem ini. Silakan masuk dengan username dan password.",
  ssoFailed: "Login SSO gagal. Silakan coba lagi atau masuk dengan username dan password.",
  ssoUnknownUser: "Akun SSO Anda belum terdaftar di E-Arsip. Hubungi administrator.",
  deactivated: "Akun Anda telah dinonaktifkan sehingga tidak dapat login. Hubungi administrator bila Anda masih memerlukan akses.",
  ssoDeactivated: "Akun E-Arsip yang terhubung dengan akun SSO Anda telah dinonaktifkan. Hubungi administrator bila Anda masih memerlukan akses.",
  ssoClaimsRefused:
    "Peran atau unit kerja dari akun SSO Anda tidak dapat diterapkan di E-Arsip (misalnya unit kerja tidak dikenal). Hubungi administrator.",
  loggedOut: "Anda telah keluar.",
} as const;
