/**
 * Labels of the access-request dialogs (the request form of the document page, the respond
 * form of the list). Apart from the pages' strings: the dialogs' code, and these, load only
 * when one opens.
 */
export const accessRequestDialogs = {
  request: {
    placeholder: "Contoh: untuk penelitian akademik",
    sending: "Mengirim...",
    label: "Alasan permintaan",
    submit: "Kirim Request",
    cancel: "Batal",
  },
  respond: {
    title: "Respon Permintaan Akses",
    placeholder: "Masukkan pesan respon...",
    messageLabel: "Pesan respon",
    actionLegend: "Keputusan",
    summary: (title: string, requester: string) => `Permintaan "${title}" dari ${requester}`,
    cancel: "Batal",
    accept: "Terima",
    reject: "Tolak",
    submit: "Kirim Respon",
    notice: "Harap memberi tahu kepada pemohon untuk mengunduh 1x24 jam apabila anda menerima.",
  },
} as const;
