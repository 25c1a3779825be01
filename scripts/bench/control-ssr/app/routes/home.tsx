import type { ComponentProps } from "react";

export const meta = () => [{ title: "Kontrol SSR" }, { name: "description", content: "Kontrol benchmark" }];

/** One constant loader: no I/O, nothing per request. */
export function loader() {
  return { title: "Kontrol SSR", text: "Satu rute, satu loader konstan." };
}

export default function Home({ loaderData }: { loaderData: ReturnType<typeof loader> } & ComponentProps<"main">) {
  return (
    <main className="mx-auto max-w-3xl p-6">
      <h1 className="text-2xl font-semibold">{loaderData.title}</h1>
      <p>{loaderData.text}</p>
    </main>
  );
}
