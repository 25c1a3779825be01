import { beforeAll, describe, expect, it, vi } from "vitest";
import type { PublicRequestInput } from "~/domain/ppid/requests";
import { ppidMessages } from "~/i18n/ppid";
import { addLeaveDay, removeLeaveDay, yearCalendar } from "~/server/ppid/calendar.server";
import {
  answerRequest,
  confirmRequest,
  extendRequest,
  getRequest,
  processRequest,
  recordRequest,
  requestByStatusCode,
  submitPublicRequest,
  type PpidRequestView,
} from "~/server/ppid/service.server";
import { createConsequenceTest } from "~/server/ppid/consequence-tests.server";
import { listPpidOfficers, setPpidRole } from "~/server/ppid/officers.server";
import { expectJson, send, signedIn } from "../support/worker/admin";
import { login } from "../support/worker/http";
import { remindPpidDeadlines } from "~/server/ppid/reminders.server";
import { purgePpidPersonalData } from "~/server/ppid/personal-data.server";
import { PERSONAL_DATA_KEPT_DAYS } from "~/domain/ppid/requests-view";
import { fileObjectionAsRequester, objectionStatus, recordDispute, recordDisputeDecision, recordObjection, respondToObjection } from "~/server/ppid/objections.server";
import { workCalendar, workingDaysBetween } from "~/domain/ppid/working-days";
import { addCalendarDays } from "~/domain/time";
import { serviceContext, testClock, testJobContext, type TestClock } from "../support/worker/context";
import { notificationsAbout, settleEvents } from "../support/worker/events";
import { testEnv } from "../support/worker/env";
import { createArchive, createCategory, createUser, type CreatedUser } from "../support/worker/factories";

/**
 * The PPID desk on real D1 with an injected clock: the cuti bersama of the working-day clock,
 * a request from submission to answer, gapless numbers under parallel confirmations, the status
 * page's code, and who may act.
 */

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let admin: CreatedUser;
let officer: CreatedUser;
let viewer: CreatedUser;

/** 09:00 WIB on `date`. */
const at = (date: string) => new Date(`${date}T02:00:00Z`);
const unique = () => crypto.randomUUID().slice(0, 8);

const requestInput = (overrides: Partial<PublicRequestInput> = {}): PublicRequestInput => ({
  requesterName: "Siti Pemohon",
  email: `pemohon-${unique()}@example.test`,
  information: "Salinan SK Rektor tentang UKT 2031",
  purpose: "Penelitian",
  format: "SALINAN_SOFTCOPY",
  delivery: "EMAIL",
  ...overrides,
});

async function confirmationToken(email: string): Promise<string> {
  const row = await testEnv.DB.prepare("SELECT user_id, text_body FROM email_messages WHERE to_address = ? ORDER BY id DESC").bind(email).first<{ user_id: number | null; text_body: string }>();
  expect(row?.user_id).toBeNull();
  return /\/ppid\/konfirmasi\/(\S+)/.exec(row!.text_body)![1]!;
}

async function submitAndConfirm(clock: TestClock, input = requestInput()) {
  const ctx = await serviceContext(null, clock);
  await submitPublicRequest(ctx, input);
  return confirmRequest(ctx, await confirmationToken(input.email));
}

const requestRow = (uuid: string) =>
  testEnv.DB.prepare("SELECT status, registration_number, year, seq, due_date FROM ppid_requests WHERE uuid = ?").bind(uuid).first<{
    status: string;
    registration_number: string | null;
    year: number | null;
    seq: number | null;
    due_date: string | null;
  }>();

beforeAll(async () => {
  admin = await createUser({ role: "Super Admin" });
  officer = await createUser({ role: "Viewer" });
  await testEnv.DB.prepare("UPDATE users SET ppid_role = 'PETUGAS' WHERE id = ?").bind(officer.id).run();
  viewer = await createUser({ role: "Viewer" });
});

describe("cuti bersama on the working-day clock", () => {
  it("Super Admin enters a day, the due dates skip it, and it can be removed again", async () => {
    const clock = testClock(at("2031-12-22"));
    const ctx = await serviceContext(admin, clock);
    // Monday 22 Dec 2031: 23, 24, 26, 29, 30, 31 Dec, 2, 5, 6, 7 Jan (25 Dec and 1 Jan are holidays).
    expect((await submitAndConfirm(clock)).dueDate).toBe("2032-01-07");
    await addLeaveDay(ctx, { date: "2031-12-26", note: "Cuti bersama Natal" });
    expect((await submitAndConfirm(clock)).dueDate).toBe("2032-01-08");
    expect((await yearCalendar(ctx, 2031)).leave).toEqual([{ date: "2031-12-26", note: "Cuti bersama Natal" }]);
    await expect(addLeaveDay(ctx, { date: "2031-12-26", note: "lagi" })).rejects.toMatchObject({ status: 409 });
    await removeLeaveDay(ctx, "2031-12-26");
    expect((await submitAndConfirm(clock)).dueDate).toBe("2032-01-07");
    const audit = await testEnv.DB.prepare("SELECT action FROM audit_logs WHERE target_type = 'ppid_leave_day' AND target_id = '2031-12-26' ORDER BY id").all<{ action: string }>();
    expect(audit.results.map((row) => row.action)).toEqual(["PPID_LEAVE_DAY_ADD", "PPID_LEAVE_DAY_REMOVE"]);
  });

  it("refuses a weekend, a national holiday, and anyone but Super Admin", async () => {
    const ctx = await serviceContext(admin);
    await expect(addLeaveDay(ctx, { date: "2031-12-25", note: "x" })).rejects.toMatchObject({ message: ppidMessages.leaveDays.holiday("Hari Raya Natal") });
    await expect(addLeaveDay(ctx, { date: "2031-12-27", note: "x" })).rejects.toMatchObject({ message: ppidMessages.leaveDays.weekend });
    await expect(addLeaveDay(await serviceContext(officer), { date: "2031-12-29", note: "x" })).rejects.toMatchObject({ status: 403 });
  });
});

describe("a request from submission to answer", () => {
  it("is not registered until its email link is opened, then numbered with its due date", async () => {
    const clock = testClock(at("2031-03-03"));
    const ctx = await serviceContext(null, clock);
    const input = requestInput();
    const { id } = await submitPublicRequest(ctx, input);
    expect(await requestRow(id)).toMatchObject({ status: "MENUNGGU_KONFIRMASI", registration_number: null, due_date: null });
    const token = await confirmationToken(input.email);
    // One character changed (never the same one: a token may end in "0").
    await expect(confirmRequest(ctx, `${token.slice(0, -1)}${token.endsWith("0") ? "1" : "0"}`)).rejects.toMatchObject({ status: 404 });

    const receipt = await confirmRequest(ctx, token);
    expect(receipt.registrationNumber).toMatch(/^PPID\/2031\/\d{6}$/);
    // Monday 3 Mar 2031: 4, 5, 6, 7, 10, 11, 12, 13, 14, 17 Mar.
    expect(receipt.dueDate).toBe("2031-03-17");
    // Opening the link again shows the same receipt; it takes no second number.
    expect(await confirmRequest(ctx, token)).toEqual(receipt);
    const audit = await testEnv.DB.prepare("SELECT action, actor_id, details FROM audit_logs WHERE target_id = ? ORDER BY id").bind(id).all<{ action: string; actor_id: number | null; details: string | null }>();
    expect(audit.results.map((row) => row.action)).toEqual(["PPID_REQUEST_SUBMIT", "PPID_REQUEST_REGISTER"]);
    expect(JSON.stringify(audit.results)).not.toContain(input.email);
  });

  it("never registers a request whose link lapsed", async () => {
    const clock = testClock(at("2031-03-03"));
    const ctx = await serviceContext(null, clock);
    const input = requestInput();
    const { id } = await submitPublicRequest(ctx, input);
    clock.advance(49 * 60 * 60 * 1000);
    await expect(confirmRequest(ctx, await confirmationToken(input.email))).rejects.toMatchObject({ message: ppidMessages.errors.confirmInvalid });
    expect((await requestRow(id))?.registration_number).toBeNull();
  });

  it("limits submissions per email address", async () => {
    const email = `banyak-${unique()}@example.test`;
    for (let i = 0; i < 5; i++) await submitPublicRequest(await serviceContext(null), requestInput({ email }));
    await expect(submitPublicRequest(await serviceContext(null), requestInput({ email }))).rejects.toMatchObject({ status: 429 });
  });

  it("shows the status page only with the receipt's code", async () => {
    const clock = testClock(at("2031-03-04"));
    const receipt = await submitAndConfirm(clock);
    const visitor = await serviceContext(null, clock);
    const status = await requestByStatusCode(visitor, receipt.registrationNumber, receipt.statusCode);
    expect(status).toMatchObject({ registrationNumber: receipt.registrationNumber, status: "DITERIMA", dueDate: receipt.dueDate, daysLeft: 10 });
    const wrong = receipt.statusCode.replace(/^./, (c) => (c === "A" ? "B" : "A"));
    await expect(requestByStatusCode(visitor, receipt.registrationNumber, wrong)).rejects.toMatchObject({ message: ppidMessages.errors.statusInvalid });
    await expect(requestByStatusCode(visitor, "PPID/2031/999999", receipt.statusCode)).rejects.toMatchObject({ message: ppidMessages.errors.statusInvalid });
  });

  it("gives gapless numbers to parallel confirmations", async () => {
    const clock = testClock(at("2031-06-02"));
    const inputs = Array.from({ length: 12 }, () => requestInput());
    for (const input of inputs) await submitPublicRequest(await serviceContext(null, clock), input);
    const tokens = await Promise.all(inputs.map((input) => confirmationToken(input.email)));
    const receipts = await Promise.all(tokens.map(async (token) => confirmRequest(await serviceContext(null, clock), token)));
    const seqs = receipts.map((receipt) => Number(receipt.registrationNumber.slice(-6))).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 12 }, (_, i) => seqs[0]! + i));
    // And the whole year's register has no gap either.
    const all = await testEnv.DB.prepare("SELECT seq FROM ppid_requests WHERE year = 2031 ORDER BY seq").all<{ seq: number }>();
    expect(all.results.map((row) => row.seq)).toEqual(all.results.map((_, i) => i + 1));
    const counter = await testEnv.DB.prepare("SELECT last FROM ppid_counters WHERE series = 'PERMOHONAN' AND year = 2031").first<{ last: number }>();
    expect(counter?.last).toBe(all.results.length);
  });

  it("goes through processing, one extension and a refusal resting on a ground and a consequence test", async () => {
    const clock = testClock(at("2031-03-05"));
    const desk = await serviceContext(officer, clock);
    const request = await recordRequest(desk, { ...requestInput(), channel: "SURAT" });
    expect(request).toMatchObject({ status: "DITERIMA", channel: "SURAT", dueDate: "2031-03-19", extendedDueDate: null });
    expect(request.registrationNumber).toMatch(/^PPID\/2031\//);
    await expect(recordRequest(await serviceContext(viewer, clock), { ...requestInput(), channel: "SURAT" })).rejects.toMatchObject({ status: 403 });
    await expect(getRequest(await serviceContext(viewer, clock), request.id)).rejects.toMatchObject({ status: 403 });

    expect((await processRequest(desk, request.id)).status).toBe("DIPROSES");
    clock.set(at("2031-03-19"));
    const extended = await extendRequest(desk, request.id, { reason: "Dokumen tersebar di tiga fakultas" });
    // 20, 21, 24, 25, 26, 27, 28 Mar 2031 (Nyepi and Good Friday fall elsewhere this year).
    expect(extended).toMatchObject({ status: "DIPERPANJANG", dueDate: "2031-03-19", extendedDueDate: "2031-03-28", daysLeft: 7 });
    await expect(extendRequest(desk, request.id, { reason: "lagi" })).rejects.toMatchObject({ message: ppidMessages.errors.alreadyExtended });

    const refusal = { outcome: "DITOLAK" as const, message: "Informasi dikecualikan.", archiveUuids: [] };
    await expect(answerRequest(desk, request.id, { ...refusal, exemptionGround: "h" })).rejects.toMatchObject({ message: ppidMessages.errors.consequenceTestUnknown });
    const testUuid = crypto.randomUUID();
    await testEnv.DB.prepare(
      "INSERT INTO ppid_consequence_tests (uuid, information, legal_basis, consequences, valid_until, signed_by, signed_name, created_at) VALUES (?, 'Data pribadi mahasiswa', 'Pasal 17 huruf h', 'Membuka rahasia pribadi', '2035-12-31', ?, 'Petugas', ?)",
    )
      .bind(testUuid, officer.id, new Date().toISOString())
      .run();
    const answered = await answerRequest(desk, request.id, { ...refusal, exemptionGround: "h", consequenceTestId: testUuid });
    expect(answered).toMatchObject({ status: "DIJAWAB", outcome: "DITOLAK", exemptionGround: "h", daysLeft: null });
    await expect(answerRequest(desk, request.id, { ...refusal, outcome: "DIBERIKAN" })).rejects.toMatchObject({ message: ppidMessages.errors.notOpen });
    const audit = await testEnv.DB.prepare("SELECT action, actor_id FROM audit_logs WHERE target_id = ? ORDER BY id").bind(request.id).all<{ action: string; actor_id: number }>();
    expect(audit.results.map((row) => row.action)).toEqual(["PPID_REQUEST_REGISTER", "PPID_REQUEST_PROCESS", "PPID_REQUEST_EXTEND", "PPID_REQUEST_ANSWER"]);
    expect(new Set(audit.results.map((row) => row.actor_id))).toEqual(new Set([officer.id]));
  });

  it("refuses an extension once the due date has passed", async () => {
    const clock = testClock(at("2031-03-05"));
    const desk = await serviceContext(admin, clock);
    const request = await recordRequest(desk, { ...requestInput(), channel: "TELEPON" });
    clock.set(at("2031-03-20"));
    await expect(extendRequest(desk, request.id, { reason: "terlambat" })).rejects.toMatchObject({ message: ppidMessages.errors.extendTooLate });
    expect((await getRequest(desk, request.id)).daysLeft).toBe(-1);
  });
});

describe("the API of the register", () => {
  it("lets a designated officer record, read, list, extend and answer; refuses everyone else", async () => {
    const petugas = await createUser({ role: "Satuan Kerja" });
    await testEnv.DB.prepare("UPDATE users SET ppid_role = 'PETUGAS' WHERE id = ?").bind(petugas.id).run();
    const session = await login(petugas.username, petugas.password);
    const body = { ...requestInput(), information: `Rencana strategis ${unique()}`, channel: "LANGSUNG" };
    const created = await expectJson<{ data: PpidRequestView }>(await send(session, "POST", "/api/v1/ppid/requests", { json: body }), 201);
    expect(created.data).toMatchObject({ status: "DITERIMA", channel: "LANGSUNG", extendedDueDate: null });
    expect(created.data.registrationNumber).toMatch(/^PPID\/\d{4}\/\d{6}$/);
    expect(created.data.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const page = await expectJson<{ data: PpidRequestView[]; total: number }>(
      await send(session, "GET", `/api/v1/ppid/requests?q=${encodeURIComponent(body.information)}&status=DITERIMA`),
      200,
    );
    expect(page.data.map((row) => row.id)).toEqual([created.data.id]);
    await expectJson(await send(session, "GET", `/api/v1/ppid/requests/${created.data.id}`), 200);

    const extended = await expectJson<{ data: PpidRequestView }>(
      await send(session, "POST", `/api/v1/ppid/requests/${created.data.id}/extend`, { json: { reason: "Perlu koordinasi dengan biro keuangan" } }),
      200,
    );
    expect(extended.data.extendedDueDate).not.toBeNull();
    // A refusal without its ground and test: 400 with the messages by their fields.
    const refused = await expectJson<{ errors?: Record<string, string[]> }>(
      await send(session, "POST", `/api/v1/ppid/requests/${created.data.id}/answer`, { json: { outcome: "DITOLAK", message: "Tidak dapat diberikan." } }),
      400,
    );
    expect(JSON.stringify(refused)).toContain(ppidMessages.validation.groundRequired);
    const answered = await expectJson<{ data: PpidRequestView }>(
      await send(session, "POST", `/api/v1/ppid/requests/${created.data.id}/answer`, { json: { outcome: "DIBERIKAN", message: "Terlampir." } }),
      200,
    );
    expect(answered.data).toMatchObject({ status: "DIJAWAB", outcome: "DIBERIKAN" });

    const other = await signedIn("Satuan Kerja");
    await expectJson(await send(other.session, "GET", "/api/v1/ppid/requests"), 403);
    await expectJson(await send(other.session, "POST", "/api/v1/ppid/requests", { json: body }), 403);
    await expectJson(await send(null, "GET", "/api/v1/ppid/requests"), 401);
  });
});

describe("officers and consequence tests", () => {
  it("Super Admin designates and withdraws an officer; the designation takes effect on the next request", async () => {
    const staff = await signedIn("Satuan Kerja");
    await expectJson(await send(staff.session, "GET", "/api/v1/ppid/requests"), 403);
    await setPpidRole(await serviceContext(admin), staff.user.username, "PETUGAS");
    expect((await listPpidOfficers(await serviceContext(admin))).map((o) => o.username)).toContain(staff.user.username);
    await expectJson(await send(staff.session, "GET", "/api/v1/ppid/requests"), 200);
    await setPpidRole(await serviceContext(admin), staff.user.username, null);
    await expectJson(await send(staff.session, "GET", "/api/v1/ppid/requests"), 403);
    await expect(setPpidRole(await serviceContext(officer), staff.user.username, "ATASAN")).rejects.toMatchObject({ status: 403 });
    await expect(setPpidRole(await serviceContext(admin), "tidak-ada-orangnya", "ATASAN")).rejects.toMatchObject({ status: 404 });
    const audit = await testEnv.DB.prepare("SELECT action FROM audit_logs WHERE target_id = ? AND action = 'PPID_ROLE_SET'").bind(staff.user.uuid).all();
    expect(audit.results).toHaveLength(2);
  });

  it("an officer signs a consequence test; a lapsed one cannot back a refusal", async () => {
    const clock = testClock(at("2031-04-01"));
    const desk = await serviceContext(officer, clock);
    const test = await createConsequenceTest(desk, { information: "Nilai ujian mahasiswa", legalBasis: "Pasal 17 huruf h", consequences: "Mengungkap rahasia pribadi", validUntil: "2031-04-30" });
    expect(test).toMatchObject({ signedBy: officer.fullName, validUntil: "2031-04-30" });
    await expect(createConsequenceTest(desk, { ...test, validUntil: "2031-04-01" })).rejects.toMatchObject({ status: 400 });
    const request = await recordRequest(desk, { ...requestInput(), channel: "EMAIL" });
    clock.set(at("2031-05-02"));
    await expect(
      answerRequest(desk, request.id, { outcome: "DIBERIKAN_SEBAGIAN", message: "Sebagian", exemptionGround: "h", consequenceTestId: test.id, archiveUuids: [] }),
    ).rejects.toMatchObject({ message: ppidMessages.errors.consequenceTestUnknown });
    await expect(createConsequenceTest(await serviceContext(viewer), { ...test, validUntil: "2035-01-01" })).rejects.toMatchObject({ status: 403 });
  });
});

describe("reminders and the requester's emails", () => {
  it("reminds exactly the officers 3 and 1 working days before the due date, once each", async () => {
    const clock = testClock(at("2031-03-05"));
    const atasan = await createUser({ role: "Satuan Kerja" });
    await testEnv.DB.prepare("UPDATE users SET ppid_role = 'ATASAN' WHERE id = ?").bind(atasan.id).run();
    const request = await recordRequest(await serviceContext(officer, clock), { ...requestInput(), channel: "LANGSUNG" });
    expect(request.dueDate).toBe("2031-03-19");
    const remindOn = async (date: string) => {
      clock.set(at(date));
      await remindPpidDeadlines(testJobContext("notifications", clock));
      await settleEvents();
      return notificationsAbout(request.id);
    };
    expect(await remindOn("2031-03-13")).toEqual([]);
    const three = await remindOn("2031-03-14");
    expect(three.length).toBeGreaterThan(0);
    expect(new Set(three.map((row) => row.title))).toEqual(new Set([`Permohonan ${request.registrationNumber}: 3 hari kerja lagi`]));
    const officers = await testEnv.DB.prepare(
      "SELECT u.id FROM users u JOIN roles r ON r.id = u.role_id WHERE u.ppid_role = 'PETUGAS' OR r.name = 'Super Admin'",
    ).all<{ id: number }>();
    expect(new Set(three.map((row) => row.user_id))).toEqual(new Set(officers.results.map((row) => row.id)));
    expect(three.map((row) => row.user_id)).not.toContain(atasan.id);
    expect(three.map((row) => row.user_id)).not.toContain(viewer.id);
    // The weekend and Monday add nothing; Tuesday is 1 working day before.
    expect(await remindOn("2031-03-15")).toHaveLength(three.length);
    expect(await remindOn("2031-03-17")).toHaveLength(three.length);
    const one = await remindOn("2031-03-18");
    expect(one.filter((row) => row.title.endsWith(": 1 hari kerja lagi"))).toHaveLength(three.length);
  });

  it("emails the requester on the extension and on the answer", async () => {
    const clock = testClock(at("2031-03-05"));
    const desk = await serviceContext(officer, clock);
    const input = requestInput();
    const request = await recordRequest(desk, { ...input, channel: "EMAIL" });
    await extendRequest(desk, request.id, { reason: "Arsip sedang dipindahkan" });
    await answerRequest(desk, request.id, { outcome: "DIBERIKAN", message: "Salinan terlampir pada email terpisah.", archiveUuids: [] });
    await settleEvents();
    const mails = await testEnv.DB.prepare("SELECT user_id, subject, text_body FROM email_messages WHERE to_address = ? ORDER BY id").bind(input.email).all<{
      user_id: number | null;
      subject: string;
      text_body: string;
    }>();
    expect(mails.results.map((mail) => mail.subject)).toEqual([
      `Permohonan informasi ${request.registrationNumber} diperpanjang`,
      `Jawaban atas permohonan informasi ${request.registrationNumber}`,
    ]);
    expect(mails.results.every((mail) => mail.user_id === null)).toBe(true);
    expect(mails.results[0]!.text_body).toContain("Arsip sedang dipindahkan");
    expect(mails.results[1]!.text_body).toContain("Diberikan");
    // Dispatching again sends nothing twice.
    await settleEvents();
    const again = await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM email_messages WHERE to_address = ?").bind(input.email).first<{ n: number }>();
    expect(again?.n).toBe(2);
  });
});

describe("objections", () => {
  it("are filed only with the code, only within 30 working days of the answer, once, and answered by the atasan", async () => {
    const clock = testClock(at("2031-07-01"));
    const receipt = await submitAndConfirm(clock);
    const visitor = await serviceContext(null, clock);
    const objection = { ground: "a" as const, reason: "Informasi seharusnya terbuka" };
    await expect(fileObjectionAsRequester(visitor, receipt.registrationNumber, receipt.statusCode, objection)).rejects.toMatchObject({
      message: ppidMessages.objections.notYet,
    });
    const desk = await serviceContext(officer, clock);
    await answerRequest(desk, receipt.id, { outcome: "TIDAK_DIKUASAI", message: "Dikuasai Kementerian.", archiveUuids: [] });
    await expect(fileObjectionAsRequester(visitor, receipt.registrationNumber, "SALAHSALAH12", objection)).rejects.toMatchObject({ status: 400 });
    // Answered Tuesday 1 Jul 2031: the 30th working day after it is 13 Aug 2031 (2 Jul is Maulid).
    clock.set(at("2031-08-14"));
    await expect(fileObjectionAsRequester(visitor, receipt.registrationNumber, receipt.statusCode, objection)).rejects.toMatchObject({
      message: ppidMessages.objections.tooLate("2031-08-13"),
    });
    clock.set(at("2031-08-13"));
    const filed = await fileObjectionAsRequester(visitor, receipt.registrationNumber, receipt.statusCode, objection);
    expect(filed).toMatchObject({ status: "KEBERATAN", requestNumber: receipt.registrationNumber, ground: "a" });
    expect(filed.registrationNumber).toMatch(/^KEBERATAN\/2031\/\d{6}$/);
    await expect(fileObjectionAsRequester(visitor, receipt.registrationNumber, receipt.statusCode, objection)).rejects.toMatchObject({ status: 409 });
    expect((await objectionStatus(visitor, receipt.registrationNumber, receipt.statusCode)).objection?.id).toBe(filed.id);

    await expect(respondToObjection(desk, filed.id, "Ditolak")).rejects.toMatchObject({ status: 403 });
    const atasan = await createUser({ role: "Viewer" });
    await testEnv.DB.prepare("UPDATE users SET ppid_role = 'ATASAN' WHERE id = ?").bind(atasan.id).run();
    const responded = await respondToObjection(await serviceContext(atasan, clock), filed.id, "PPID diminta memberikan informasi.");
    expect(responded).toMatchObject({ status: "DITANGGAPI", response: "PPID diminta memberikan informasi." });
  });

  it("may follow a missed deadline, recorded by an officer", async () => {
    const clock = testClock(at("2031-09-01"));
    const desk = await serviceContext(officer, clock);
    const request = await recordRequest(desk, { ...requestInput(), channel: "SURAT" });
    await expect(recordObjection(desk, request.id, { ground: "c", reason: "Tidak ditanggapi" })).rejects.toMatchObject({ message: ppidMessages.objections.notYet });
    clock.set(at(addCalendarDays(request.dueDate!, 1)));
    const filed = await recordObjection(desk, request.id, { ground: "c", reason: "Tidak ditanggapi" });
    expect(filed.status).toBe("KEBERATAN");
    // Unanswered past the atasan's 30 working days, it may go to the Komisi Informasi.
    await expect(recordDispute(desk, filed.id, { disputeNumber: "KI-1", registeredOn: addCalendarDays(request.dueDate!, 1) })).rejects.toMatchObject({
      status: 409,
      message: ppidMessages.objections.dispute.notYet,
    });
    clock.set(at(addCalendarDays(filed.dueDate, 1)));
    const disputed = await recordDispute(desk, filed.id, { disputeNumber: "KI-1", registeredOn: addCalendarDays(filed.dueDate, 1) });
    expect(disputed).toMatchObject({ status: "SENGKETA", response: null, dispute: { number: "KI-1" } });
  });

  it("go before the Komisi Informasi after the atasan's response: the dispute and its decision, each dated no earlier than what it follows", async () => {
    const d = ppidMessages.objections.dispute;
    const clock = testClock(at("2031-10-01"));
    const desk = await serviceContext(officer, clock);
    const request = await recordRequest(desk, { ...requestInput(), channel: "SURAT" });
    await answerRequest(desk, request.id, { outcome: "TIDAK_DIKUASAI", message: "Dikuasai Kementerian.", archiveUuids: [] });
    const filed = await recordObjection(desk, request.id, { ground: "e", reason: "Tidak dipenuhi" });
    const first = { disputeNumber: "001/X/KIP-PS/2031", registeredOn: "2031-10-01" };
    await expect(recordDispute(desk, filed.id, first)).rejects.toMatchObject({ status: 409, message: d.notYet });

    clock.set(at("2031-10-06"));
    await respondToObjection(await serviceContext(admin, clock), filed.id, "Tetap tidak dikuasai.");
    clock.set(at("2031-10-20"));
    await expect(recordDispute(desk, filed.id, { ...first, registeredOn: "2031-10-03" })).rejects.toMatchObject({ status: 400, message: d.notBefore("2031-10-06") });
    await expect(recordDispute(desk, filed.id, { ...first, registeredOn: "2031-10-21" })).rejects.toMatchObject({ status: 400, message: d.notAfterToday });
    await expect(recordDispute(await serviceContext(viewer, clock), filed.id, { ...first, registeredOn: "2031-10-15" })).rejects.toMatchObject({ status: 403 });
    const disputed = await recordDispute(desk, filed.id, { ...first, registeredOn: "2031-10-15" });
    expect(disputed).toMatchObject({ status: "SENGKETA", dispute: { number: first.disputeNumber, registeredOn: "2031-10-15", decidedOn: null, decision: null } });
    await expect(recordDispute(desk, filed.id, { ...first, registeredOn: "2031-10-15" })).rejects.toMatchObject({ status: 409 });

    clock.set(at("2031-12-01"));
    const decision = "Komisi Informasi menolak permohonan penyelesaian sengketa.";
    await expect(recordDisputeDecision(desk, filed.id, { decidedOn: "2031-10-14", decision })).rejects.toMatchObject({ status: 400, message: d.notBefore("2031-10-15") });
    const decided = await recordDisputeDecision(desk, filed.id, { decidedOn: "2031-11-28", decision });
    expect(decided).toMatchObject({ status: "SELESAI", dispute: { number: first.disputeNumber, registeredOn: "2031-10-15", decidedOn: "2031-11-28", decision } });
    await expect(recordDisputeDecision(desk, filed.id, { decidedOn: "2031-11-28", decision })).rejects.toMatchObject({ status: 409, message: d.notOpen });

    const { results } = await testEnv.DB.prepare("SELECT action FROM audit_logs WHERE target_id = ? ORDER BY id").bind(filed.id).all<{ action: string }>();
    expect(results.map((row) => row.action)).toEqual(["PPID_OBJECTION_RESPOND", "PPID_DISPUTE_RECORD", "PPID_DISPUTE_DECIDE"]);
  });
});

describe("the Daftar Informasi Publik", () => {
  it("lists public records and never a non-public or trashed one; any change to it moves the public version", async () => {
    const category = await createCategory();
    const open = await createArchive({ uploaderId: admin.id, categoryId: category.id, accessLevel: "PUBLIC" });
    const closed = await createArchive({ uploaderId: admin.id, categoryId: category.id, accessLevel: "PRIVATE" });
    const trashed = await createArchive({ uploaderId: admin.id, categoryId: category.id, accessLevel: "PUBLIC" });
    await testEnv.DB.prepare("UPDATE archives SET deleted_at = ? WHERE id = ?").bind(new Date().toISOString(), trashed.id).run();
    const everything: string[] = [];
    for (let page = 1; ; page++) {
      const body = await expectJson<{ data: { id: string; source: string }[]; hasMore: boolean }>(await send(null, "GET", `/api/v1/ppid/dip?page=${page}`), 200);
      everything.push(...body.data.map((entry) => entry.id));
      if (!body.hasMore) break;
    }
    expect(everything).toContain(open.uuid);
    expect(everything).not.toContain(closed.uuid);
    expect(everything).not.toContain(trashed.uuid);
    const publicCount = await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM archives WHERE access_level = 'PUBLIC' AND deleted_at IS NULL").first<{ n: number }>();
    expect(everything.length).toBe(publicCount!.n + (await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM ppid_dip_entries").first<{ n: number }>())!.n);

    const version = async () => (await testEnv.DB.prepare("SELECT value FROM site_state WHERE key = 'public_version'").first<{ value: number }>())!.value;
    const before = await version();
    await testEnv.DB.prepare(
      "INSERT INTO ppid_dip_entries (uuid, title, summary, kind, holder, responsible, made_in, format, retention, created_at) VALUES (?, 'Laporan Layanan Informasi 2030', 'Ringkasan', 'BERKALA', 'PPID', 'PPID Utama', '2031', 'PDF', 'Permanen', ?)",
    )
      .bind(crypto.randomUUID(), new Date().toISOString())
      .run();
    expect(await version()).toBeGreaterThan(before);
    const first = await expectJson<{ data: { title: string; source: string }[] }>(await send(null, "GET", "/api/v1/ppid/dip"), 200);
    expect(first.data[0]).toMatchObject({ source: "PPID" });
  });
});

describe("objection reminders", () => {
  it("go to the atasan PPID (and Super Admin), not to the officers", async () => {
    const clock = testClock(at("2031-10-01"));
    const desk = await serviceContext(officer, clock);
    const request = await recordRequest(desk, { ...requestInput(), channel: "SURAT" });
    await answerRequest(desk, request.id, { outcome: "TIDAK_DIKUASAI", message: "Tidak dikuasai.", archiveUuids: [] });
    const objection = await recordObjection(desk, request.id, { ground: "e", reason: "Tidak dipenuhi" });
    const atasan = await createUser({ role: "Viewer" });
    await testEnv.DB.prepare("UPDATE users SET ppid_role = 'ATASAN' WHERE id = ?").bind(atasan.id).run();
    let day = objection.dueDate;
    while (workingDaysBetween(day, objection.dueDate, workCalendar()) < 3) day = addCalendarDays(day, -1);
    clock.set(at(day));
    await remindPpidDeadlines(testJobContext("notifications", clock));
    await settleEvents();
    const told = await notificationsAbout(objection.registrationNumber);
    const expected = await testEnv.DB.prepare("SELECT u.id FROM users u JOIN roles r ON r.id = u.role_id WHERE u.ppid_role = 'ATASAN' OR r.name = 'Super Admin'").all<{ id: number }>();
    expect(new Set(told.map((row) => row.user_id))).toEqual(new Set(expected.results.map((row) => row.id)));
    expect(told.map((row) => row.user_id)).not.toContain(officer.id);
  });
});

describe("an answer's documents", () => {
  it("names PUBLIC documents by reference and refuses a non-public one, writing nothing", async () => {
    const category = await createCategory();
    const open = await createArchive({ uploaderId: admin.id, categoryId: category.id, accessLevel: "PUBLIC" });
    const closed = await createArchive({ uploaderId: admin.id, categoryId: category.id, accessLevel: "PRIVATE" });
    const clock = testClock(at("2031-11-03"));
    const desk = await serviceContext(officer, clock);
    const request = await recordRequest(desk, { ...requestInput(), channel: "EMAIL" });
    const answer = { outcome: "DIBERIKAN" as const, message: "Terlampir." };
    await expect(answerRequest(desk, request.id, { ...answer, archiveUuids: [open.uuid, closed.uuid] })).rejects.toMatchObject({ status: 400 });
    expect((await getRequest(desk, request.id)).status).toBe("DITERIMA");
    const answered = await answerRequest(desk, request.id, { ...answer, archiveUuids: [open.uuid] });
    expect(answered.files).toEqual([{ kind: "PUBLIK", title: "Dokumen uji integrasi", link: `/documents/${open.uuid}`, expiresAt: null, downloadCount: null }]);
  });
});

describe("requesters' personal data", () => {
  it("goes a day after an unconfirmed link lapsed, and two years after the answer unless an objection is open; the register stays", async () => {
    const clock = testClock(at("2032-02-02"));
    const visitor = await serviceContext(null, clock);
    const desk = await serviceContext(officer, clock);
    const personal = (uuid: string) =>
      testEnv.DB.prepare("SELECT requester_name, email, phone, address, registration_number, information, personal_purged_at FROM ppid_requests WHERE uuid = ?")
        .bind(uuid)
        .first<{ requester_name: string; email: string | null; phone: string | null; address: string | null; registration_number: string | null; information: string; personal_purged_at: string | null }>();
    const unconfirmed = await submitPublicRequest(visitor, requestInput({ phone: "08123456789", address: "Jl. Kampus 1" }));
    const answered = await submitAndConfirm(clock, requestInput({ phone: "08123456789", address: "Jl. Kampus 2" }));
    await answerRequest(desk, answered.id, { outcome: "TIDAK_DIKUASAI", message: "Dikuasai Kementerian.", archiveUuids: [] });
    const objected = await submitAndConfirm(clock);
    await answerRequest(desk, objected.id, { outcome: "TIDAK_DIKUASAI", message: "Dikuasai Kementerian.", archiveUuids: [] });
    await fileObjectionAsRequester(visitor, objected.registrationNumber, objected.statusCode, { ground: "a", reason: "Seharusnya dikuasai" });
    const purge = () => purgePpidPersonalData(testJobContext("maintenance", clock));

    // The confirmation link lapses after 48 hours; its data a day later.
    // (Other tests' requests in this file may go in the same runs: each check reads these rows.)
    clock.advance(48 * 3_600_000 + 23 * 3_600_000);
    await purge();
    expect((await personal(unconfirmed.id))?.personal_purged_at).toBeNull();
    clock.advance(2 * 3_600_000);
    await purge();
    expect(await personal(unconfirmed.id)).toMatchObject({ requester_name: ppidMessages.personalDataPurged, email: null, phone: null, address: null });

    clock.set(new Date(at("2032-02-02").getTime() + (PERSONAL_DATA_KEPT_DAYS - 1) * 86_400_000));
    await purge();
    expect((await personal(answered.id))?.email).not.toBeNull();
    clock.advance(2 * 86_400_000);
    expect(await purge()).toBeGreaterThanOrEqual(1);
    const kept = await personal(answered.id);
    expect(kept).toMatchObject({ requester_name: ppidMessages.personalDataPurged, email: null, phone: null, address: null, registration_number: answered.registrationNumber });
    expect(kept?.information).toBe(requestInput().information);
    expect(kept?.personal_purged_at).not.toBeNull();
    // An open objection keeps the requester reachable.
    expect((await personal(objected.id))?.email).not.toBeNull();
    // The status page still answers, with the register's facts.
    expect((await requestByStatusCode(visitor, answered.registrationNumber, answered.statusCode)).status).toBe("DIJAWAB");
    expect(await purge()).toBe(0);
    // A job's work only: no user, not even Super Admin, runs it.
    await expect(purgePpidPersonalData(await serviceContext(admin, clock))).rejects.toMatchObject({ status: 403 });
  });
});
