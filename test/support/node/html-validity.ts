/**
 * HTML validation of server-rendered pages with html-validate (pure JavaScript, maintained): the
 * `standard` preset (what the HTML standard requires), `a11y` and `document`, plus one rule of
 * our own for the error the W3C Nu checker found on every page and html-validate has no rule
 * for: `aria-hidden` on a `<label>` tied to a control (ARIA in HTML forbids hiding a label from
 * assistive technology while it names a control).
 *
 * Off: `require-sri` (every script and stylesheet is same-origin, built with the page), and the
 * style rules about how React serialises markup (`void-style`, `attr-case`, boolean attribute
 * values), which are valid HTML.
 */
import { HtmlValidate, Rule, type DOMReadyEvent, type Message, type Plugin } from "html-validate";

class NoAriaHiddenLabel extends Rule {
  override documentation() {
    return { description: "A <label> tied to a control must not be hidden with aria-hidden: hide its decoration inside it instead." };
  }

  override setup() {
    this.on("dom:ready", (event: DOMReadyEvent) => {
      for (const label of event.document.querySelectorAll("label[aria-hidden]")) {
        const value = label.getAttribute("aria-hidden")?.value;
        if (value === "false") continue;
        const tied = label.hasAttribute("for") || label.querySelector("input, select, textarea, button, meter, output, progress") !== null;
        if (tied) this.report(label, "aria-hidden must not be set on a <label> tied to a control");
      }
    });
  }
}

const plugin: Plugin = { name: "e-arsip", rules: { "e-arsip/no-aria-hidden-label": NoAriaHiddenLabel } };

const validator = new HtmlValidate({
  plugins: [plugin],
  extends: ["html-validate:standard", "html-validate:a11y", "html-validate:document"],
  rules: {
    "e-arsip/no-aria-hidden-label": "error",
    "require-sri": "off",
    "void-style": "off",
    "attr-case": "off",
    "attribute-boolean-style": "off",
  },
});

/** Every problem html-validate finds in a page, one line each (`rule: message @ selector`). */
export async function htmlProblems(html: string): Promise<string[]> {
  const report = await validator.validateString(html);
  return report.results.flatMap((result) => result.messages).map((message: Message) => `${message.ruleId}: ${message.message} @ ${message.selector ?? `line ${message.line}`}`);
}
