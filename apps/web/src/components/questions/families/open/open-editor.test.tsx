import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OpenConfig } from '@vbuilder/shared';
import { check, errorOf, fill, isValid, renderQuestionEditor } from '../../editors/test-utils.tsx';

const config = (q: { config: unknown }) => q.config as OpenConfig;

describe('OpenEditor', { timeout: 30_000 }, () => {
  it('essay: model answer, rubric and word limit, all optional', async () => {
    const { user, current } = await renderQuestionEditor('essay');
    expect(screen.queryByRole('textbox', { name: /Starter code/ })).not.toBeInTheDocument();
    await fill(user, screen.getByLabelText(/^Question/), 'Discuss the causes of the First World War.');
    await check(user);
    expect(isValid(current())).toBe(true);

    await fill(user, screen.getByRole('textbox', { name: /Model answer/ }), 'Alliances, militarism…');
    await fill(user, screen.getByRole('textbox', { name: /Rubric/ }), '5 points for causes');
    await fill(user, screen.getByRole('textbox', { name: /Maximum words/ }), '800');
    expect(config(current())).toEqual({
      responseKind: 'richText',
      modelAnswer: 'Alliances, militarism…',
      rubric: '5 points for causes',
      maxWords: 800,
    });
    // Emptied optional fields are left out, not stored blank.
    await fill(user, screen.getByRole('textbox', { name: /Rubric/ }), '');
    expect(config(current())).not.toHaveProperty('rubric');
    expect(isValid(current())).toBe(true);
  });

  it('coding: language and starter code', async () => {
    const { user, current } = await renderQuestionEditor('coding');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Programming language' }), 'TypeScript');
    await fill(user, screen.getByRole('textbox', { name: /Starter code/ }), 'function add(a, b) {}');
    await fill(user, screen.getByRole('textbox', { name: /Model solution/ }), 'return a + b;');
    await fill(user, screen.getByLabelText(/^Question/), 'Write add.');
    expect(config(current())).toMatchObject({
      responseKind: 'code',
      codeLanguage: 'typescript',
      starterCode: 'function add(a, b) {}',
      modelAnswer: 'return a + b;',
    });
    expect(screen.queryByRole('textbox', { name: /Maximum words/ })).not.toBeInTheDocument();
    expect(isValid(current())).toBe(true);
  });

  it('link kinds: the address is required and checked', async () => {
    const { user, current } = await renderQuestionEditor('vr-assignments');
    await check(user);
    const url = screen.getByRole('textbox', { name: /^Address/ });
    expect(errorOf(url)).toBe('Enter an address starting with https:// or http://.');
    await fill(user, url, 'https://vr.example.test/tour');
    await fill(user, screen.getByRole('textbox', { name: /Link text/ }), 'Open the tour');
    await fill(user, screen.getByLabelText(/^Question/), 'Describe what you saw.');
    expect(config(current()).link).toEqual({ url: 'https://vr.example.test/tour', label: 'Open the tour' });
    expect(errorOf(url)).toBe('');
    expect(isValid(current())).toBe(true);
  });

  it('survey: options (at least 2) and several choices, no model answer', async () => {
    const { user, current } = await renderQuestionEditor('survey-based');
    expect(screen.queryByRole('textbox', { name: /Model answer/ })).not.toBeInTheDocument();
    await check(user);
    expect(errorOf(screen.getByRole('textbox', { name: 'Survey option 1' }))).toBe(
      'Please fill in all options.',
    );
    expect(screen.getByRole('button', { name: 'Remove Survey option 1' })).toBeDisabled();
    await fill(user, screen.getByRole('textbox', { name: 'Survey option 1' }), 'Agree');
    await fill(user, screen.getByRole('textbox', { name: 'Survey option 2' }), 'Disagree');
    await user.click(screen.getByRole('button', { name: 'Add option' }));
    await fill(user, screen.getByRole('textbox', { name: 'Survey option 3' }), 'Not sure');
    await user.click(screen.getByRole('switch', { name: /Several choices allowed/ }));
    await fill(user, screen.getByLabelText(/^Question/), 'Homework helps me learn.');
    expect(config(current())).toEqual({
      responseKind: 'survey',
      surveyOptions: ['Agree', 'Disagree', 'Not sure'],
      surveyMultiple: true,
    });
    expect(isValid(current())).toBe(true);
  });

  it('file kinds: accepted file types', async () => {
    const { user, current } = await renderQuestionEditor('lab-reports');
    const types = screen.getByRole('combobox', { name: /Accepted file types/ });
    await user.click(types);
    await user.keyboard('.PDF{Enter}.docx{Enter}');
    expect(config(current()).acceptedFileTypes).toEqual(['.pdf', '.docx']);
    await fill(user, screen.getByLabelText(/^Question/), 'Upload your report.');
    expect(isValid(current())).toBe(true);
  });
});
