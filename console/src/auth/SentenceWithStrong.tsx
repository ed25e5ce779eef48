/** Holds the bold value's place while the sentence is translated (no one types it). */
const PLACE = '\u0000';

/**
 * A translated sentence with one value in bold, such as an e-mail address: `sentence` is given the value's
 * place for its placeholder, and the value is put there in <strong>.
 */
export function SentenceWithStrong({ sentence, value }: { sentence: (place: string) => string; value: string }) {
  const [before, after = ''] = sentence(PLACE).split(PLACE);
  return (
    <>
      {before}
      <strong>{value}</strong>
      {after}
    </>
  );
}
