import type { MessageFormatElement } from 'react-intl';
import type { MessageId } from './en-US.ts';

/**
 * A catalogue parsed ahead of time into ICU message ASTs (scripts/compile-messages.ts
 * writes them to compiled/): the app formats these, so the build carries no ICU parser.
 */
export type CompiledMessages = Readonly<Record<MessageId, MessageFormatElement[]>>;

/**
 * The text of a message without arguments, read from its AST: the boot screen
 * shows texts before react-intl has loaded.
 */
export function plainText(message: readonly MessageFormatElement[]): string {
  // 0 is TYPE.literal; the parser's enum is not imported so that the entry chunk stays without it.
  return message.map((element) => (element.type === 0 ? element.value : '')).join('');
}
