/** A request's facts as the requester's status page and the PPID's request page both label them. */
export const ppidRequestFacts = {
  status: "Status",
  dueDate: "Batas waktu jawaban",
  extendedDueDate: "Diperpanjang sampai",
  extensionReason: "Alasan perpanjangan",
  daysLeft: "Sisa hari kerja",
  outcome: "Jawaban",
  answerMessage: "Isi jawaban",
  information: "Informasi yang dimohon",
} as const;
