import type { en } from './en.ts';

/** The shape every language's messages must have: English's, with any text in place of each text. */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type Messages = Shape<typeof en>;

/** 'a.b.c' for every text of a message tree. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** A key of the console's own messages (under `tp.`); a key that is not in en.ts fails tsc. */
export type MessageKey = Leaves<(typeof en)['tp']>;
