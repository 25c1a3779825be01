import { t } from "~/i18n/id";

export function NotFoundContent() {
  return (
    <div className="mx-auto max-w-xl rounded-2xl bg-white p-10 text-center shadow-sm ring-1 ring-slate-200">
      <p className="text-6xl font-bold text-blue-700">404</p>
      <h1 className="mt-4 text-2xl font-semibold">{t.notFound.title}</h1>
      <p className="mt-3 text-slate-600">{t.notFound.text}</p>
      {/* Replace history so Back does not return to the missing page. */}
      <a href="/" className="mt-6 inline-block rounded-lg bg-blue-700 px-5 py-2.5 font-medium text-white hover:bg-blue-800">
        {t.notFound.back}
      </a>
    </div>
  );
}
