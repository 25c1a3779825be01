/** The EAD 2002 export for SIKN: its scopes and refusals. */
export const eadText = {
  denied: "Hanya Super Admin yang dapat mengekspor EAD.",
  scopes: {
    statis: "Arsip statis",
    berkas: (number: string, title: string) => `Berkas ${number}: ${title}`,
    code: (code: string) => `Arsip Biasa dengan kode klasifikasi ${code}`,
  },
  invalidSelection: "Pilih satu cakupan: scope=statis, berkas={id} atau klasifikasi={kode}.",
} as const;
