import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { BACKGROUND_NOTICE_PRIORITY } from '../../../lib/notice-priority';
import { refusedNotice } from './refused-notice';

describe('refusedNotice', () => {
  it('keeps a conflict on screen until it is closed, behind the answers to what comes next', () => {
    const changed = new ApiError(409, 'CONFLICT', 'This booking was changed by Mia Tran.');
    expect(refusedNotice('Could not save the booking', changed)).toEqual({
      color: 'red',
      title: 'Could not save the booking',
      message: 'This booking was changed by Mia Tran.',
      autoClose: false,
      priority: BACKGROUND_NOTICE_PRIORITY,
    });
  });

  it('lets any other refusal close by itself', () => {
    const invalid = new ApiError(400, 'VALIDATION', 'Enter the fare');
    expect(refusedNotice('Could not save the booking', invalid)).not.toHaveProperty('autoClose');
  });
});
