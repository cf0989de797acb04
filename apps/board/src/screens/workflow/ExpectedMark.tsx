import { FormattedMessage } from 'react-intl';

/**
 * The word that tells an expected patient from one present (BRD-23), in a dashed outline where a
 * patient present shows their phase's colored pill: the word says it, never color alone.
 */
export function ExpectedMark() {
  return (
    <span className="workflow-expected-mark">
      <FormattedMessage id="workflow.expected" />
    </span>
  );
}
