import { staffGuideSections } from "~/i18n/panduan-staff";
import { GuideSectionView } from "./guide-section";

type Values = Readonly<Record<string, string | number>>;

/**
 * The guide's sections for signed-in users and their roles (`ids`: those this reader may see, in
 * the guide's order). The guide page loads them lazily, after its own code: a visitor's page never
 * loads their text.
 */
export function StaffGuideSections({ ids, values }: { ids: readonly string[]; values: Values }) {
  return (
    <>
      {staffGuideSections
        .filter((section) => ids.includes(section.id))
        .map((section) => (
          <GuideSectionView key={section.id} section={section} values={values} />
        ))}
    </>
  );
}
