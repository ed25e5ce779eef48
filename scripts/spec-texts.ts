// `npm run spec:texts`: every user-facing text of ../shared/spec/*.md appears in the product's sources or
// in the documented differences (scripts/spec-texts/differences.ts). The rule for what is a text is in
// scripts/spec-texts/extract.ts. Exits 1 on a missing text, a stale difference, or an absent spec.
import { checkSpecTexts, SpecMissingError } from './spec-texts/check.ts';

try {
  const report = await checkSpecTexts();
  console.log(
    `Spec texts (${report.specDir}): ${report.texts.length} extracted, ${report.found.length} found in the code, ` +
      `${report.differences.length} listed as deliberate differences, ${report.missing.length} missing.`,
  );
  for (const text of report.missing) console.log(`  missing: '${text}'`);
  for (const text of report.staleDifferences) console.log(`  stale difference: '${text}'`);
  if (report.missing.length > 0 || report.staleDifferences.length > 0) process.exit(1);
} catch (error) {
  if (!(error instanceof SpecMissingError)) throw error;
  console.error(`spec:texts cannot run: ${error.message}`);
  process.exit(1);
}
