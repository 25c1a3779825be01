/** The final dispositions of the retention schedule (nasib akhir), as the lists, the form and the retention section name them. */
export const dispositionNames = { MUSNAH: "Musnah", PERMANEN: "Permanen", DINILAI_KEMBALI: "Dinilai Kembali" } as const;
