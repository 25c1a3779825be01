import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { PublicRequestInput } from "~/domain/ppid/requests";
import { ppidMessages } from "~/i18n/ppid";
import { parseCsv } from "~/server/http/csv.server";
import { createConsequenceTest } from "~/server/ppid/consequence-tests.server";
import { recordDispute, recordDisputeDecision, recordObjection, respondToObjection } from "~/server/ppid/objections.server";
import { annualReport, annualReportCsv, annualReportPdf, receiptPdf, registerCsv, registerPdf, type PpidAnnualReport } from "~/server/ppid/reports.server";
import { answerRequest, confirmRequest, extendRequest, recordRequest, submitPublicRequest, type PpidRequestView, type Receipt } from "~/server/ppid/service.server";
import { expectJson, send } from "../support/worker/admin";
import { serviceContext, testClock } from "../support/worker/context";
import { testEnv } from "../support/worker/env";
import { createUser, type CreatedUser } from "../support/worker/factories";
import { login } from "../support/worker/http";

/**
 * The PPID desk's reports from a seeded year (2033, on an injected clock): the annual report's
 * figures through the service and the API, both registers as CSV and PDF, who may read them, and
 * the requester's receipt as PDF only with its secret code.
 *
 * Every request of 2033 below is received on Monday 4 July (due Monday 18 July; extended, due
 * Wednesday 27 July), except one received at 01:00 WIB on 1 January, which belongs to 2033
 * although it is still 2032 in UTC. Two more, at 23:00 WIB on 31 December 2032 and at 00:30 WIB
 * on 1 January 2034, belong to the years around it.
 */

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let officer: CreatedUser;
let viewer: CreatedUser;
/** The year's requests, by what happens to them. */
const seeded = {} as Record<"onTime" | "late" | "extendedOnTime" | "notHeld" | "extendedOpen" | "newYear", PpidRequestView>;
let onlineReceipt: Receipt;
let disputedObjection: string;

/** 09:00 WIB on `date`. */
const at = (date: string) => new Date(`${date}T02:00:00Z`);
const unique = () => crypto.randomUUID().slice(0, 8);

const requestInput = (name: string): PublicRequestInput => ({
  requesterName: name,
  email: `pemohon-${unique()}@example.test`,
  information: `Laporan keuangan ${name}`,
  purpose: "Penelitian",
  format: "SALINAN_SOFTCOPY",
  delivery: "EMAIL",
});

beforeAll(async () => {
  officer = await createUser({ role: "Viewer" });
  await testEnv.DB.prepare("UPDATE users SET ppid_role = 'PETUGAS' WHERE id = ?").bind(officer.id).run();
  viewer = await createUser({ role: "Viewer" });
  const admin = await createUser({ role: "Super Admin" });
  const clock = testClock(new Date("2032-12-31T16:00:00Z"));
  const desk = await serviceContext(officer, clock);
  const record = (name: string, channel: "LANGSUNG" | "SURAT" | "TELEPON" | "EMAIL") => recordRequest(desk, { ...requestInput(name), channel });
  const answer = (request: { id: string }, date: string, outcome: "DIBERIKAN" | "DIBERIKAN_SEBAGIAN" | "DITOLAK" | "TIDAK_DIKUASAI", test?: string) => {
    clock.set(at(date));
    return answerRequest(desk, request.id, { outcome, message: "Jawaban tertulis.", archiveUuids: [], ...(test ? { exemptionGround: "h" as const, consequenceTestId: test } : {}) });
  };

  await record("Tahun Lalu", "LANGSUNG"); // 23:00 WIB, 31 December 2032
  clock.set(new Date("2032-12-31T18:00:00Z"));
  seeded.newYear = await record("Tahun Baru", "LANGSUNG"); // 01:00 WIB, 1 January 2033

  clock.set(at("2033-07-04"));
  const test = (await createConsequenceTest(desk, { information: "Data pribadi", legalBasis: "Pasal 17 huruf h", consequences: "Membuka rahasia pribadi", validUntil: "2035-12-31" })).id;
  seeded.onTime = await record("Tepat Waktu", "LANGSUNG");
  seeded.late = await record("Terlambat", "SURAT");
  seeded.extendedOnTime = await record("Diperpanjang", "TELEPON");
  const online = requestInput("Daring");
  await submitPublicRequest(await serviceContext(null, clock), online);
  const mail = await testEnv.DB.prepare("SELECT text_body FROM email_messages WHERE to_address = ?").bind(online.email).first<{ text_body: string }>();
  onlineReceipt = await confirmRequest(await serviceContext(null, clock), /\/ppid\/konfirmasi\/(\S+)/.exec(mail!.text_body)![1]!);
  seeded.extendedOpen = await record("Masih Terbuka", "EMAIL");
  expect(seeded.onTime.dueDate).toBe("2033-07-18");

  clock.set(at("2033-07-15"));
  await extendRequest(desk, seeded.extendedOnTime.id, { reason: "Dokumen di tiga fakultas" });
  await extendRequest(desk, seeded.extendedOpen.id, { reason: "Perlu koordinasi" });
  seeded.onTime = await answer(seeded.onTime, "2033-07-08", "DIBERIKAN"); // 4 working days
  await recordObjection(await serviceContext(officer, testClock(at("2033-07-11"))), seeded.onTime.id, { ground: "d", reason: "Tidak sesuai permintaan" });
  seeded.notHeld = await answer(onlineReceipt, "2033-07-18", "TIDAK_DIKUASAI"); // 10, on its due date
  seeded.late = await answer(seeded.late, "2033-07-20", "DIBERIKAN_SEBAGIAN", test); // 12, after 18 July
  seeded.extendedOnTime = await answer(seeded.extendedOnTime, "2033-07-26", "DITOLAK", test); // 16, before 27 July

  // The late answer's objection: responded to by the atasan, taken to the Komisi Informasi, decided.
  const objection = await recordObjection(await serviceContext(officer, testClock(at("2033-07-21"))), seeded.late.id, { ground: "a", reason: "Penolakan tidak berdasar" });
  disputedObjection = objection.registrationNumber;
  await respondToObjection(await serviceContext(admin, testClock(at("2033-07-25"))), objection.id, "Keberatan ditolak.");
  await recordDispute(await serviceContext(officer, testClock(at("2033-08-01"))), objection.id, { disputeNumber: "KI/2033/77", registeredOn: "2033-07-28" });
  await recordDisputeDecision(await serviceContext(officer, testClock(at("2033-08-02"))), objection.id, { decidedOn: "2033-08-01", decision: "Permohonan dikabulkan sebagian." });

  clock.set(new Date("2033-12-31T17:30:00Z")); // 00:30 WIB, 1 January 2034
  await record("Tahun Depan", "SURAT");
});

const EXPECTED_2033: Omit<PpidAnnualReport, "generatedOn"> = {
  year: 2033,
  requests: {
    received: 6,
    byChannel: { ONLINE: 1, LANGSUNG: 2, SURAT: 1, TELEPON: 1, EMAIL: 1 },
    answered: 4,
    answeredOnTime: 3,
    answeredLate: 1,
    extended: 2,
    byOutcome: { DIBERIKAN: 1, DIBERIKAN_SEBAGIAN: 1, DITOLAK: 1, TIDAK_DIKUASAI: 1 },
    open: 2,
    // 4, 10, 12 and 16 working days.
    medianWorkingDays: 11,
  },
  objections: { received: 2, responded: 1, disputesRecorded: 1, disputesDecided: 1 },
};

describe("the annual report", () => {
  it("counts a seeded year: on time, late, extended, each outcome, open, the median, objections and disputes", async () => {
    const report = await annualReport(await serviceContext(officer, testClock(at("2034-02-10"))), 2033);
    expect(report).toEqual({ ...EXPECTED_2033, generatedOn: "2034-02-10" });
    // The years around it hold exactly the requests received in them (Asia/Jakarta).
    expect((await annualReport(await serviceContext(officer), 2032)).requests.received).toBe(1);
    expect((await annualReport(await serviceContext(officer), 2034)).requests.byChannel).toMatchObject({ SURAT: 1, LANGSUNG: 0 });
    expect((await annualReport(await serviceContext(officer), 2031)).requests).toMatchObject({ received: 0, medianWorkingDays: null });
  });

  it("reads the same through the API, for officers only, with a clear message for a bad year", async () => {
    const session = await login(officer.username, officer.password);
    const report = await expectJson<PpidAnnualReport>(await send(session, "GET", "/api/v1/ppid/report?year=2033"), 200);
    expect({ ...report, generatedOn: undefined }).toEqual({ ...EXPECTED_2033, generatedOn: undefined });
    const bad = await expectJson<{ message: string }>(await send(session, "GET", "/api/v1/ppid/report?year=dua-ribu"), 400);
    expect(bad.message).toBe(ppidMessages.validation.yearInvalid);
    expect((await expectJson<PpidAnnualReport>(await send(session, "GET", "/api/v1/ppid/report"), 200)).year).toBe(Number(new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Jakarta", year: "numeric" }).format(new Date())));
    await expectJson(await send(await login(viewer.username, viewer.password), "GET", "/api/v1/ppid/report?year=2033"), 403);
    await expectJson(await send(null, "GET", "/api/v1/ppid/report?year=2033"), 401);
  });

  it("comes as CSV and PDF with the same figures", async () => {
    const desk = await serviceContext(officer, testClock(at("2034-02-10")));
    const csv = await annualReportCsv(desk, 2033);
    expect(csv.fileName).toBe("Laporan-Tahunan-PPID-2033.csv");
    const lines = parseCsv(csv.body);
    const f = ppidMessages.reports.figures;
    expect(lines[0]).toEqual(["Bagian", "Uraian", "Jumlah"]);
    expect(lines).toContainEqual([ppidMessages.reports.sections.requests, f.answeredLate, "1"]);
    expect(lines).toContainEqual([ppidMessages.reports.sections.requests, f.medianWorkingDays, "11"]);
    expect(lines).toContainEqual([ppidMessages.reports.sections.outcomes, "Tidak Dikuasai", "1"]);
    expect(lines).toContainEqual([ppidMessages.reports.sections.objections, f.disputesDecided, "1"]);
    const pdf = await annualReportPdf(desk, 2033);
    const { text } = await extractText(await getDocumentProxy(pdf.bytes.slice()), { mergePages: true });
    expect(text).toContain("LAPORAN TAHUNAN PPID");
    expect(text).toContain(f.answeredLate);
  });
});

describe("the registers", () => {
  it("list the year's requests by number, the requester by name only", async () => {
    const csv = await registerCsv(await serviceContext(officer), "permohonan", 2033);
    const [header, ...rows] = parseCsv(csv.body);
    expect(header).toEqual(Object.values(ppidMessages.reports.requestColumns));
    expect(rows.map((row) => row[0])).toEqual(
      [seeded.newYear, seeded.onTime, seeded.late, seeded.extendedOnTime, { registrationNumber: onlineReceipt.registrationNumber }, seeded.extendedOpen].map((request) => request.registrationNumber),
    );
    expect(rows[0]!.slice(1, 4)).toEqual(["2033-01-01", "Tahun Baru", "Langsung"]);
    expect(rows[2]!.slice(2)).toEqual(["Terlambat", "Surat", "Laporan keuangan Terlambat", "Dijawab", "2033-07-18", "", "2033-07-20", "Diberikan Sebagian"]);
    expect(rows[3]!.slice(6)).toEqual(["2033-07-18", "2033-07-27", "2033-07-26", "Ditolak"]);
    expect(rows[5]!.slice(5, 9)).toEqual(["Diperpanjang", "2033-07-18", "2033-07-27", ""]);
    // No email, phone or address of a requester (decision 0276).
    expect(csv.body).not.toContain("@example.test");
  });

  it("list the year's objections with their disputes", async () => {
    const csv = await registerCsv(await serviceContext(officer), "keberatan", 2033);
    const [header, ...rows] = parseCsv(csv.body);
    expect(header).toEqual(Object.values(ppidMessages.reports.objectionColumns));
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual([
      disputedObjection,
      seeded.late.registrationNumber,
      ppidMessages.objections.grounds.a,
      "2033-07-21",
      rows[1]![4],
      "Selesai",
      "2033-07-25",
      "KI/2033/77",
      "2033-07-28",
      "2033-08-01",
      "Permohonan dikabulkan sebagian.",
    ]);
    expect(rows[0]!.slice(1, 7)).toEqual([seeded.onTime.registrationNumber, ppidMessages.objections.grounds.d, "2033-07-11", rows[0]![4], "Keberatan", ""]);
  });

  it("come as PDF, rendered by the processor Worker", async () => {
    const pdf = await registerPdf(await serviceContext(officer, testClock(at("2034-02-10"))), "keberatan", 2033);
    expect(pdf.fileName).toBe("Register-Keberatan-2033.pdf");
    const { text } = await extractText(await getDocumentProxy(pdf.bytes.slice()), { mergePages: true });
    expect(text).toContain("REGISTER KEBERATAN");
    expect(text).toContain(disputedObjection);
    expect(text).toContain("KI/2033/77");
  });

  it("are refused to anyone but the desk", async () => {
    const stranger = await serviceContext(viewer);
    await expect(registerCsv(stranger, "permohonan", 2033)).rejects.toMatchObject({ status: 403 });
    await expect(registerPdf(stranger, "keberatan", 2033)).rejects.toMatchObject({ status: 403 });
    await expect(annualReport(stranger, 2033)).rejects.toMatchObject({ status: 403 });
    await expect(annualReport(await serviceContext(null), 2033)).rejects.toMatchObject({ status: 401 });
  });
});

describe("the receipt as PDF", () => {
  it("is given only with the receipt's secret code", async () => {
    const visitor = await serviceContext(null);
    const pdf = await receiptPdf(visitor, onlineReceipt.registrationNumber, onlineReceipt.statusCode);
    const { text } = await extractText(await getDocumentProxy(pdf.bytes.slice()), { mergePages: true });
    expect(text).toContain("TANDA TERIMA PERMOHONAN INFORMASI");
    expect(text).toContain(onlineReceipt.registrationNumber);
    expect(text).toContain(onlineReceipt.statusCode);
    expect(text).toContain("18 Juli 2033");
    const wrong = onlineReceipt.statusCode.replace(/^./, (c) => (c === "A" ? "B" : "A"));
    for (const code of [wrong, ""]) {
      await expect(receiptPdf(visitor, onlineReceipt.registrationNumber, code)).rejects.toMatchObject({ status: 400, message: ppidMessages.errors.statusInvalid });
    }
  });
});
