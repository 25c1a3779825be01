/** One labelled value of a detail page (document, public document, user). */
export type DetailItem = readonly [label: string, value: React.ReactNode];

/**
 * The label/value table of a detail page. The label column is narrow on a phone and wider from
 * `sm`, so the value keeps most of a 360 px screen. Extra rows (a file row with actions) go in
 * `children`, built with `DetailRow`.
 */
export function DetailTable({ items, testId, children }: { items: readonly DetailItem[]; testId: string; children?: React.ReactNode }) {
  return (
    <table className="w-full text-sm" data-testid={testId}>
      <tbody className="divide-y divide-slate-100">
        {items.map(([label, value]) => (
          <DetailRow key={label} label={label}>
            {value}
          </DetailRow>
        ))}
        {children}
      </tbody>
    </table>
  );
}

export function DetailRow({ label, testId, valueClassName = "", children }: { label: string; testId?: string; valueClassName?: string; children: React.ReactNode }) {
  return (
    <tr data-testid={testId}>
      <th scope="row" className="w-32 bg-slate-50 px-4 py-3 text-left align-top font-medium text-slate-600 sm:w-48">
        {label}
      </th>
      <td className={`break-words px-4 py-3 ${valueClassName}`}>{children}</td>
    </tr>
  );
}
