import type { OpenAnswer, StudentOpenConfig } from '@vbuilder/shared';
import type { PlayerProps } from '../../family-ui.ts';

export type { CodeLanguage, OpenAnswer, OpenConfig } from '@vbuilder/shared';

export interface OpenPlayerProps extends PlayerProps<StudentOpenConfig, OpenAnswer> {
  /**
   * The recorded or chosen file behind `mediaUrl` / `fileName`: the attempts API uploads it when the
   * answer is saved (an object URL only lives in this tab).
   */
  onFile?(file: File): void;
}

/** What each response part needs: the current answer (never null) and a way to merge a change. */
export interface ResponsePartProps {
  answer: OpenAnswer;
  config: StudentOpenConfig;
  update(patch: Partial<OpenAnswer>): void;
  disabled: boolean;
  idPrefix: string;
  onFile?(file: File): void;
}
