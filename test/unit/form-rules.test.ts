import { describe, expect, it } from "vitest";
import { LoginSchema } from "~/domain/auth-schemas";
import { DocumentCreateSchema, DocumentUpdateSchema } from "~/domain/document-schemas";
import { InvalidError } from "~/domain/errors";
import { formRules, replyWithDomainError } from "~/routes/helpers/form.server";

describe("formRules", () => {
  it("gives the browser the schema's constraints and, per rule, the schema's own message", () => {
    const { constraint, messages } = formRules(DocumentCreateSchema);
    expect(constraint.title).toMatchObject({ required: true, minLength: 5, maxLength: 255 });
    expect(messages.title).toEqual({ required: "Judul wajib diisi.", minLength: "Judul minimal 5 karakter.", maxLength: "Judul maksimal 255 karakter." });
    expect(constraint.keywords).toMatchObject({ required: true, maxLength: 500 });
    expect(constraint.keywords?.minLength).toBeUndefined();
    expect(messages.file).toEqual({ required: "File wajib diunggah." });
    expect(messages.categoryId?.required).toBe("Kategori wajib dipilih.");
    expect(messages.year?.required).toBe("Tahun wajib diisi.");
  });

  it("an optional field is not required", () => {
    expect(formRules(DocumentUpdateSchema).constraint.file?.required).toBe(false);
  });

  it("login: both fields required, with the SPEC messages", () => {
    const { constraint, messages } = formRules(LoginSchema);
    expect(constraint.username).toMatchObject({ required: true, maxLength: 100 });
    expect(messages.username?.required).toBe("Username tidak boleh kosong.");
    expect(messages.password).toEqual({ required: "Password tidak boleh kosong." });
  });
});

describe("replyWithDomainError", () => {
  const invalid = (fieldErrors: Record<string, string[]>, message = "Data tidak valid.") =>
    Object.assign(new InvalidError(message, fieldErrors), { values: { title: "Abc", _csrf: "secret", submissionId: "k1" } });

  it("puts field errors beside their fields and echoes the values, never the tokens", () => {
    const reply = replyWithDomainError(invalid({ title: ["Judul minimal 5 karakter."] }));
    expect(reply.init?.status).toBe(400);
    expect(reply.data.error).toMatchObject({ title: ["Judul minimal 5 karakter."] });
    expect(reply.data.error?.[""]).toBeUndefined();
    expect(reply.data.initialValue).toEqual({ title: "Abc" });
  });

  it("an error of a form-level field (a refused file) is also the form's error", () => {
    const reply = replyWithDomainError(invalid({ file: ["Tipe file tidak diizinkan."] }, "Tipe file tidak diizinkan."), { formLevelFields: ["file"] });
    expect(reply.data.error).toMatchObject({ "": ["Tipe file tidak diizinkan."], file: ["Tipe file tidak diizinkan."] });
  });

  it("rethrows anything that is not a domain error", () => {
    expect(() => replyWithDomainError(new TypeError("boom"))).toThrow("boom");
  });
});
