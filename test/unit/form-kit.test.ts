import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { describeFields, errorsOf, valuesOf } from "~/components/form/form-state";
import { invalidFields } from "~/components/form/rules";
import { LoginSchema } from "~/domain/auth-schemas";
import { InvalidError } from "~/domain/errors";
import type { FormRules } from "~/domain/form-rules";
import { formRules, replyWithDomainError } from "~/routes/helpers/form.server";

const rules: FormRules = {
  constraint: { title: { required: true, minLength: 5 }, year: { required: true, min: 1900 }, password: { required: true } },
  messages: { title: { required: "Judul wajib diisi.", minLength: "Judul minimal 5 karakter." }, year: { min: "Tahun tidak valid." }, password: {} },
};

describe("reading a form reply", () => {
  it("keeps each field's messages and the form's own (\"\"), dropping empty entries", () => {
    expect(errorsOf({ status: "error", error: { "": ["Gagal."], title: ["Judul minimal 5 karakter."], year: null, password: [] } })).toEqual({
      "": ["Gagal."],
      title: ["Judul minimal 5 karakter."],
    });
    expect(errorsOf(null)).toEqual({});
    expect(errorsOf({ status: "error" })).toEqual({});
  });

  it("shows what the server sent back, else the defaults (numbers as text)", () => {
    const defaults = { title: "Lama", year: 2020, note: null };
    expect(valuesOf(undefined, defaults)).toEqual({ title: "Lama", year: "2020" });
    // A failed post: the user's values, even where they emptied a field the defaults filled.
    expect(valuesOf({ status: "error", initialValue: { year: "1850" } }, defaults)).toEqual({ year: "1850" });
    // An API error read in the browser carries no values: the defaults stay.
    expect(valuesOf({ status: "error", error: { title: ["x"] } }, defaults)).toEqual({ title: "Lama", year: "2020" });
    expect(valuesOf({ initialValue: { tags: ["a", "b"], nested: { a: "1" } } })).toEqual({ tags: ["a", "b"] });
  });

  it("describes every field: ids from the form's id, constraints, messages and values", () => {
    const fields = describeFields("f1", rules, { title: "Abc" }, { "": ["Gagal."], title: ["Judul minimal 5 karakter."], other: ["Salah."] });
    expect(Object.keys(fields).sort()).toEqual(["other", "password", "title", "year"]);
    expect(fields.title).toEqual({
      id: "f1-title",
      name: "title",
      errorId: "f1-title-error",
      required: true,
      minLength: 5,
      errors: ["Judul minimal 5 karakter."],
      initialValue: "Abc",
    });
    expect(fields.year).toMatchObject({ id: "f1-year", min: 1900, errors: undefined, initialValue: undefined });
    expect(fields.other?.errors).toEqual(["Salah."]);
  });

  it("reads conform's own reply of a failed login: the message beside the field, the password not echoed", () => {
    const form = new FormData();
    form.set("username", "");
    form.set("password", "rahasia");
    const reply = parseWithZod(form, { schema: LoginSchema }).reply({ hideFields: ["password"] });
    const fields = describeFields("login", formRules(LoginSchema), valuesOf(reply), errorsOf(reply));
    expect(fields.username?.errors).toEqual(["Username tidak boleh kosong."]);
    expect(fields.username?.required).toBe(true);
    expect(fields.password?.initialValue).toBeUndefined();
    expect(fields.password?.errors).toBeUndefined();
  });

  it("reads a domain error's reply: field messages, values without tokens or hidden fields", () => {
    const error = Object.assign(new InvalidError("Data tidak valid.", { username: ["Sudah dipakai."] }), {
      values: { username: "admin", password: "rahasia", _csrf: "token", email: "" },
    });
    const { data: reply } = replyWithDomainError(error, { hideFields: ["password"] });
    expect(reply.initialValue).toEqual({ username: "admin" });
    expect(errorsOf(reply)).toEqual({ username: ["Sudah dipakai."] });
  });
});

/** A stand-in for a form element: what `invalidFields` reads of each control. */
function formOf(controls: { name: string; validity?: Partial<ValidityState>; value?: string; required?: boolean; type?: string }[]): HTMLFormElement {
  return {
    elements: controls.map(({ name, validity = {}, ...rest }) => ({ name, validity: { valid: true, ...validity }, ...rest })),
  } as unknown as HTMLFormElement;
}

describe("invalidFields", () => {
  it("reports each broken rule with the schema's message, once per field", () => {
    const form = formOf([
      { name: "_csrf" },
      { name: "title", validity: { tooShort: true } },
      { name: "year", validity: { rangeUnderflow: true } },
      { name: "year", validity: { valueMissing: true } },
    ]);
    expect(invalidFields(form, rules)).toEqual({ title: ["Judul minimal 5 karakter."], year: ["Tahun tidak valid."] });
  });

  it("treats spaces alone in a required field as empty, as the trimming schemas do", () => {
    const form = formOf([
      { name: "title", value: "   ", required: true },
      { name: "year", value: " ", required: true, type: "file" },
    ]);
    expect(invalidFields(form, rules)).toEqual({ title: ["Judul wajib diisi."] });
  });

  it("leaves a rule without a message to the server, and checks one field when asked", () => {
    const form = formOf([
      { name: "title", validity: { valueMissing: true } },
      { name: "year", validity: { valueMissing: true } },
    ]);
    expect(invalidFields(form, rules)).toEqual({ title: ["Judul wajib diisi."] });
    expect(invalidFields(form, rules, "year")).toEqual({});
    expect(invalidFields(form, rules, "title")).toEqual({ title: ["Judul wajib diisi."] });
  });
});
