import {
  DEFAULT_ANNOUNCEMENT_RATE,
  DEFAULT_ANNOUNCEMENT_VOICE,
  type PatientBoardRow,
} from '@careboard/contracts';
import { useCallback, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { BoardLayout } from '../../board/chrome/BoardLayout.tsx';
import { useBoardRows, useContentStatus } from '../../board/content/board-content-context.ts';
import { shallowEqualArrays } from '../../board/content/shallow-equal.ts';
import { useDerivedRows } from '../../board/content/use-derived-rows.ts';
import { useBoardConfig } from '../../board/use-display-board.ts';
import { useSpeechReport } from '../../live/use-speech-report.ts';
import { useTicking } from '../../ui/time/use-ticking.ts';
import { AnnouncementCaption } from './AnnouncementCaption.tsx';
import { IdleView } from './IdleView.tsx';
import { MessageBanner } from './MessageBanner.tsx';
import { NowCalling } from './NowCalling.tsx';
import { callsNewestFirst, earlierCallKeys, isIdle, messagesOf } from './patient-rows.ts';
import { RecentCalls } from './RecentCalls.tsx';
import { SoundBlockedMark } from './SoundBlockedMark.tsx';
import { useAnnouncements } from './use-announcements.ts';
import './patient.css';

/**
 * Patient board (type 3, calling): where to go. The newest call large, the
 * earlier ones beside it, messages as a banner; each call that arrives while
 * the board is open is announced (tone, speech, caption). With no call for a
 * while, an idle view: clock, organization, welcome.
 */
export function PatientScreen() {
  const config = useBoardConfig();
  const rows = useBoardRows<PatientBoardRow>();
  const { loaded } = useContentStatus();
  const { locale } = useIntl();
  const calls = useMemo(() => callsNewestFirst(rows), [rows]);
  const messages = useMemo(() => messagesOf(rows), [rows]);
  const organization = rows.find((row) => row.type === 'organization')?.name;
  const { caption, sound, speech } = useAnnouncements(calls, loaded, {
    playTone: config?.play_tone ?? false,
    playAnnouncement: config?.play_announcement ?? false,
    locale,
    voice: config?.announcement_voice ?? DEFAULT_ANNOUNCEMENT_VOICE,
    rate: config?.announcement_rate ?? DEFAULT_ANNOUNCEMENT_RATE,
  });
  useSpeechReport(speech);
  const [latest] = calls;
  // The same list while those calls are the same: RecentCalls skips a render when other rows change.
  const earlierKeys = useDerivedRows(earlierCallKeys, shallowEqualArrays);
  const newestAt = latest?.called_at;
  const idle = useTicking(useCallback((now: number) => isIdle(newestAt, now), [newestAt]));
  const timeZone = config?.department.site.default_timezone ?? 'UTC';
  const rotationSec = config?.page_rotation_sec ?? 10;

  return (
    <BoardLayout boardType="patient" footer={sound === 'blocked' ? <SoundBlockedMark /> : null}>
      <div className="patient" data-view={idle ? 'idle' : 'calls'}>
        <MessageBanner messages={messages} rotationSec={rotationSec} />
        {idle || !latest ? (
          <IdleView
            organization={organization ?? config?.department.site.name ?? ''}
            locale={locale}
            timeZone={timeZone}
          />
        ) : (
          <div className="patient-calls">
            <NowCalling
              callKey={latest.key}
              announcing={caption?.key === latest.key}
              locale={locale}
              timeZone={timeZone}
            />
            <RecentCalls keys={earlierKeys} rotationSec={rotationSec} locale={locale} timeZone={timeZone} />
          </div>
        )}
        <AnnouncementCaption text={caption?.text ?? null} />
      </div>
    </BoardLayout>
  );
}
