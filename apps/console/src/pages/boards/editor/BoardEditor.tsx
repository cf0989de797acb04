import type { Department, DisplayBoardConfig, Location, Page, Workflow } from '@careboard/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { FormProvider, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { Link as RouterLink, useParams } from 'react-router';
import { useServerErrorText } from '../../../data/server-error-text.ts';
import { useLiveQuery } from '../../../data/use-live-query.ts';
import { useConsoleRuntime } from '../../../runtime-config/console-runtime.ts';
import { ErrorAlert } from '../../../ui/ErrorAlert.tsx';
import { StatusMessage } from '../../../ui/StatusMessage.tsx';
import { AnnouncementFields } from '../announcement/AnnouncementFields.tsx';
import { ALL } from '../board-data.ts';
import { ColumnEditor } from '../columns/ColumnEditor.tsx';
import { BoardPreview } from '../preview/BoardPreview.tsx';
import {
  type BoardField,
  type BoardFormValues,
  boardFormSchema,
  formValuesOf,
  patchOf,
} from './board-form.ts';
import { FormSection } from './FormSection.tsx';
import { GeneralFields } from './GeneralFields.tsx';
import { NarrowingFields } from './NarrowingFields.tsx';
import { SwitchField } from './SwitchField.tsx';
import { serverFieldError } from './server-field-error.ts';
import { VoiceFields } from './VoiceFields.tsx';

/** The editor of one board, its id from the route (/console/boards/:id). */
export function BoardEditorRoute() {
  const { id } = useParams();
  const boardId = Number(id);
  const board = useLiveQuery<DisplayBoardConfig>(
    Number.isInteger(boardId) && boardId > 0 ? `display-boards/${boardId}` : null,
    ['display_board'],
  );
  const departments = useLiveQuery<Page<Department>>(`departments?${ALL}`, ['department']);
  const workflows = useLiveQuery<Page<Workflow>>(`workflows?${ALL}`, ['workflow']);
  const locations = useLiveQuery<Page<Location>>(`locations?${ALL}`, ['location']);
  if (!board.data) {
    return board.error ? <ErrorAlert error={board.error} /> : <StatusMessage busy message="app.loading" />;
  }
  return (
    <BoardEditor
      // Another board is another form: nothing typed for one may leak into the next.
      key={board.data.id}
      board={board.data}
      departments={departments.data?.items ?? []}
      workflows={workflows.data?.items ?? []}
      locations={locations.data?.items ?? []}
    />
  );
}

interface BoardEditorProps {
  readonly board: DisplayBoardConfig;
  readonly departments: readonly Department[];
  readonly workflows: readonly Workflow[];
  readonly locations: readonly Location[];
}

/**
 * Every field of the board beside its live preview (decision CON-39). The form follows the
 * board as read while it is untouched; a save sends every field with PATCH and the board,
 * the preview and every screen showing it pick the change up over their subscriptions.
 */
export function BoardEditor({ board, departments, workflows, locations }: BoardEditorProps) {
  const intl = useIntl();
  const { locale, http } = useConsoleRuntime();
  const errorText = useServerErrorText();
  const label = useMemo(() => fieldLabels((descriptor) => intl.formatMessage(descriptor)), [intl]);
  const schema = useMemo(() => boardFormSchema(label, locale), [label, locale]);
  const form = useForm<BoardFormValues>({
    defaultValues: formValuesOf(board),
    resolver: zodResolver(schema) as unknown as Resolver<BoardFormValues>,
    mode: 'onBlur',
  });
  const { handleSubmit, reset, formState, setError } = form;
  const [saveError, setSaveError] = useState<unknown>(undefined);
  const [saved, setSaved] = useState(false);
  const type = useWatch({ control: form.control, name: 'display_board_type_id' });

  // A change made elsewhere shows here unless someone is editing (their save wins, as on any form).
  useEffect(() => {
    if (!formState.isDirty) reset(formValuesOf(board));
  }, [board, reset, formState.isDirty]);

  const save = handleSubmit(async (values) => {
    setSaveError(undefined);
    setSaved(false);
    try {
      const stored = (await http.sendJson(
        'PATCH',
        `display-boards/${board.id}`,
        patchOf(values),
      )) as DisplayBoardConfig;
      reset(formValuesOf(stored));
      setSaved(true);
    } catch (error) {
      setSaveError(error);
      const field = serverFieldError(error);
      if (field) setError(field, { type: 'server', message: errorText(error) });
    }
  });
  const text = (id: string) => intl.formatMessage({ id });

  return (
    <Box>
      <Button
        component={RouterLink}
        to=".."
        relative="path"
        startIcon={<ArrowBack aria-hidden />}
        sx={{ mb: 1 }}
      >
        {text('boards.back')}
      </Button>
      <Typography component="h2" variant="h5" sx={{ mb: 2 }}>
        {intl.formatMessage({ id: 'boards.editor.heading' }, { name: board.name })}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
        }}
      >
        <FormProvider {...form}>
          <Box
            component="form"
            noValidate
            onSubmit={save}
            aria-labelledby="board-form-title"
            sx={{ display: 'grid', gap: 2 }}
          >
            <span id="board-form-title" hidden>
              {board.name}
            </span>
            <FormSection id="section-general" title={text('boards.section.general')}>
              <GeneralFields departments={departments} />
            </FormSection>
            <FormSection id="section-narrowing" title={text('boards.section.narrowing')}>
              <NarrowingFields workflows={workflows} locations={locations} />
            </FormSection>
            {type === 1 ? (
              <>
                <FormSection id="section-columns" title={text('boards.section.columns')}>
                  <ColumnEditor />
                </FormSection>
                {/* Only a workflow board shows expected patients (BRD-23): the family board never. */}
                <FormSection id="section-expected" title={text('boards.section.expected')}>
                  <SwitchField name="show_expected" label={text('boards.field.show_expected')} />
                  <Typography variant="body2" color="text.secondary">
                    {text('boards.field.show_expected.help')}
                  </Typography>
                </FormSection>
              </>
            ) : (
              <FormSection id="section-shows" title={text('boards.section.shows')}>
                <Box sx={{ display: 'grid' }}>
                  <SwitchField name="show_badge" label={text('boards.field.show_badge')} />
                  <SwitchField name="show_display_name" label={text('boards.field.show_display_name')} />
                  <SwitchField
                    name="show_estimated_duration"
                    label={text('boards.field.show_estimated_duration')}
                  />
                  <SwitchField name="show_avg_duration" label={text('boards.field.show_avg_duration')} />
                </Box>
              </FormSection>
            )}
            {type === 3 && (
              <FormSection id="section-sound" title={text('boards.section.sound')}>
                <Box sx={{ display: 'grid' }}>
                  <SwitchField name="play_tone" label={text('boards.field.play_tone')} />
                  <SwitchField name="play_announcement" label={text('boards.field.play_announcement')} />
                </Box>
                <VoiceFields />
                <AnnouncementFields timeZone={board.department.site.default_timezone} />
              </FormSection>
            )}
            <Box
              sx={{
                position: 'sticky',
                bottom: 0,
                zIndex: 2,
                bgcolor: 'background.default',
                py: 1,
                display: 'flex',
                flexWrap: 'wrap',
                gap: 2,
                alignItems: 'center',
              }}
            >
              <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
                {text('boards.save')}
              </Button>
              <Box role="status" aria-live="polite" sx={{ flex: 1 }}>
                {saved && !formState.isDirty && <Alert severity="success">{text('boards.saved')}</Alert>}
              </Box>
            </Box>
            <ErrorAlert error={saveError} />
          </Box>
        </FormProvider>
        <Box sx={{ position: { lg: 'sticky' }, top: { lg: 16 } }}>
          <BoardPreview boardId={board.id} name={board.name} />
        </Box>
      </Box>
    </Box>
  );
}

/** Each field's name as the form shows it, for the catalogue's "{field} is not valid." texts. */
function fieldLabels(format: (descriptor: { id: string }) => string): (field: BoardField) => string {
  const ids: Readonly<Record<BoardField, string>> = {
    name: 'boards.field.name',
    display_board_type_id: 'boards.field.type',
    department_id: 'boards.field.department',
    workflow_ids: 'boards.field.workflows',
    phase_ids: 'boards.field.phases',
    location_ids: 'boards.field.locations',
    page_rotation_sec: 'boards.field.rotation',
    display_style_id: 'boards.field.style',
    show_badge: 'boards.field.show_badge',
    show_display_name: 'boards.field.show_display_name',
    show_estimated_duration: 'boards.field.show_estimated_duration',
    show_avg_duration: 'boards.field.show_avg_duration',
    show_expected: 'boards.field.show_expected',
    play_tone: 'boards.field.play_tone',
    play_announcement: 'boards.field.play_announcement',
    announcement_template: 'boards.field.template',
    announcement_voice: 'boards.field.announcement_voice',
    announcement_rate: 'boards.field.announcement_rate',
    columns: 'boards.section.columns',
  };
  return (field) => format({ id: ids[field] });
}
