import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import type { MessageKey } from './keys.ts';

/** Options of a message: its %{placeholders}, and smart_count for the ones with plural forms. */
export type MessageOptions = Record<string, string | number>;

/** The console's own messages, by typed key, in the current language. */
export function useT() {
  const translate = useTranslate();
  return useCallback((key: MessageKey, options?: MessageOptions) => translate(`tp.${key}`, options), [translate]);
}

export type T = ReturnType<typeof useT>;
