/**
 * Labels of the access-request dialogs (the request form of the document page, the respond
 * form of the list) and of the document page's open-request notice, each loaded with its dialog
 * or notice. Apart from the lists' strings, so the document page does not load those.
 */
export const accessRequestDialogs = {
  request: {
    /** The dialog's title: the name of the document page's button that opens it. */
    title: "Request Document",
    openState: "Status permintaan akses Anda untuk dokumen ini:",
    viewStatus: "Lihat Status Permintaan Akses",
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
