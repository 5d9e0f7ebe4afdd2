import { describe, expect, it } from 'vitest';
import { knownPlacesMatching } from './known-places';

const HOME = { label: 'Home', address: '14 Walcott St, Mount Lawley WA 6050' };
const WORK = { label: 'Work', address: 'Level 3, 12 Hay Street, Perth WA 6000' };
const GYM = { label: 'Gym', address: 'Beatty Park Leisure Centre, North Perth WA 6006' };

describe('knownPlacesMatching', () => {
  it('offers every known place, in order, while nothing is typed', () => {
    expect(knownPlacesMatching([HOME, WORK, GYM], '')).toEqual([HOME, WORK, GYM]);
    expect(knownPlacesMatching([HOME, WORK, GYM], ' , ')).toEqual([HOME, WORK, GYM]);
  });

  it('finds a place by the start of its label or of words of its address', () => {
    expect(knownPlacesMatching([HOME, WORK, GYM], 'wor')).toEqual([WORK]);
    expect(knownPlacesMatching([HOME, WORK, GYM], 'walc')).toEqual([HOME]);
    expect(knownPlacesMatching([HOME, WORK, GYM], 'perth')).toEqual([WORK, GYM]);
  });

  it('needs every typed word, written short or in full', () => {
    expect(knownPlacesMatching([HOME, WORK, GYM], '12 Hay St')).toEqual([WORK]);
    expect(knownPlacesMatching([HOME, WORK, GYM], 'Mt Lawley')).toEqual([HOME]);
    expect(knownPlacesMatching([HOME, WORK, GYM], 'hay fremantle')).toEqual([]);
  });

  it('does not find a place by letters inside a word', () => {
    expect(knownPlacesMatching([HOME, WORK, GYM], 'ome')).toEqual([]);
  });
});
