import { act, renderHook } from '@testing-library/react';
import { currentLanguage, setLanguage } from 'shared-contracts';
import '../i18n';
import {
  handOffPrerendered,
  prerenderedOptions,
  prerenderedPresidents,
  takeQueuedSubmit,
  useQueuedSubmit,
} from './prerendered';

function page(frame: string, live: string) {
  document.body.innerHTML = `<div id="prerendered">${frame}</div><div id="root">${live}</div>`;
}

describe('handOffPrerendered', () => {
  it('removes the prerendered frame and leaves the live page', () => {
    page('<h1>Frame</h1>', '<h1>Live</h1>');
    handOffPrerendered();
    expect(document.getElementById('prerendered')).toBeNull();
    expect(document.body.textContent).toBe('Live');
  });

  it('carries what was typed into the frame over to the live fields, as typing does, with the focus', () => {
    page(
      '<input name="fullName"><textarea name="description"></textarea><input name="cityPresident" readonly value="x">',
      '<input name="fullName"><textarea name="description"></textarea><input name="cityPresident" readonly>',
    );
    const frame = document.getElementById('prerendered') as HTMLElement;
    (frame.querySelector('[name="fullName"]') as HTMLInputElement).value = 'Asha';
    const description = frame.querySelector('textarea') as HTMLTextAreaElement;
    description.value = 'Lift broken';
    description.focus();
    const inputs: string[] = [];
    document.getElementById('root')?.addEventListener('input', (event) => {
      inputs.push((event.target as HTMLInputElement).name);
    });

    handOffPrerendered();

    const live = document.getElementById('root') as HTMLElement;
    expect((live.querySelector('[name="fullName"]') as HTMLInputElement).value).toBe('Asha');
    expect((live.querySelector('textarea') as HTMLTextAreaElement).value).toBe('Lift broken');
    expect((live.querySelector('[name="cityPresident"]') as HTMLInputElement).value).toBe('');
    expect(inputs).toEqual(['fullName', 'description']);
    expect(document.activeElement).toBe(live.querySelector('textarea'));
  });

  it('carries a box ticked in the frame over to the live page, as a click does', () => {
    page(
      '<input type="checkbox" name="phoneUpdates" value="true"><input type="checkbox" name="other">',
      '<input type="checkbox" name="phoneUpdates" value="true"><input type="checkbox" name="other">',
    );
    (document.querySelector('#prerendered [name="phoneUpdates"]') as HTMLInputElement).checked = true;
    const clicks: string[] = [];
    document.getElementById('root')?.addEventListener('click', (event) => {
      clicks.push((event.target as HTMLInputElement).name);
    });

    handOffPrerendered();

    const live = document.getElementById('root') as HTMLElement;
    expect((live.querySelector('[name="phoneUpdates"]') as HTMLInputElement).checked).toBe(true);
    expect((live.querySelector('[name="other"]') as HTMLInputElement).checked).toBe(false);
    expect(clicks).toEqual(['phoneUpdates']);
  });

  it('switches the live page to a language picked in the frame (prerendered in English)', async () => {
    const options = '<option value="en">English</option><option value="mr">मराठी</option>';
    page(`<select name="language">${options}</select>`, `<select name="language">${options}</select>`);
    (document.querySelector('#prerendered select') as HTMLSelectElement).value = 'mr';
    handOffPrerendered();
    await new Promise<void>((resolve) => {
      const check = () => (currentLanguage() === 'mr' ? resolve() : setTimeout(check, 10));
      check();
    });
    expect(document.documentElement.lang).toBe('mr');
    await setLanguage('en');
  });

  it('does nothing on a page without a frame', () => {
    document.body.innerHTML = '<div id="root"><p>Live</p></div>';
    handOffPrerendered();
    expect(document.body.textContent).toBe('Live');
  });
});

describe('handOffPrerendered: the choices and a held submit (ADR 0036)', () => {
  const options =
    '<option value="" disabled>Pick</option><option value="7">Pune</option><option value="9">Nagpur</option>';

  it('carries the chosen city and committee over, as choosing does, when the live select offers them', () => {
    page(
      `<select name="cityId">${options}</select><select name="committeeId">${options}</select>`,
      `<select name="cityId">${options}</select><select name="committeeId"><option value="">Pick</option></select>`,
    );
    (document.querySelector('#prerendered [name="cityId"]') as HTMLSelectElement).value = '9';
    (document.querySelector('#prerendered [name="committeeId"]') as HTMLSelectElement).value = '7';
    (document.querySelector('#root [name="cityId"]') as HTMLSelectElement).value = '';
    const changes: string[] = [];
    document.getElementById('root')?.addEventListener('change', (event) => {
      changes.push((event.target as HTMLSelectElement).name);
    });

    handOffPrerendered();

    expect((document.querySelector('#root [name="cityId"]') as HTMLSelectElement).value).toBe('9');
    // The live list has no such committee (yet): nothing is forced.
    expect((document.querySelector('#root [name="committeeId"]') as HTMLSelectElement).value).toBe('');
    expect(changes).toEqual(['cityId']);
  });

  it('moves the chosen file to the live input and tells its change handler', () => {
    page('<input type="file" name="attachment">', '<input type="file" name="attachment">');
    const file = new File(['%PDF-1.4'], 'lease.pdf', { type: 'application/pdf' });
    const frameInput = document.querySelector('#prerendered input[type="file"]') as HTMLInputElement;
    Object.defineProperty(frameInput, 'files', { value: [file] });
    const liveInput = document.querySelector('#root input[type="file"]') as HTMLInputElement;
    let received: unknown = null;
    Object.defineProperty(liveInput, 'files', {
      set: (value) => {
        received = value;
      },
      get: () => received,
    });
    const changes: string[] = [];
    liveInput.addEventListener('change', () => changes.push('attachment'));

    handOffPrerendered();

    expect((received as File[])[0]).toBe(file);
    expect(changes).toEqual(['attachment']);
  });

  it('queues a submit held by the early script, once, and nothing without one', () => {
    const { result } = renderHook(() => useQueuedSubmit());
    page('<form><button type="submit">Send</button></form>', '<form></form>');
    handOffPrerendered();
    expect(result.current).toBe(false);
    expect(takeQueuedSubmit()).toBe(false);

    page('<form><button type="submit">Send</button></form>', '<form></form>');
    (document.getElementById('prerendered') as HTMLElement).dataset.submitRequested = 'true';
    act(() => handOffPrerendered());
    expect(result.current).toBe(true);
    act(() => {
      expect(takeQueuedSubmit()).toBe(true);
    });
    expect(result.current).toBe(false);
    expect(takeQueuedSubmit()).toBe(false);
  });
});

describe('prerenderedOptions', () => {
  it("reads the frame's city and committee options (the front door's current lists)", () => {
    page(
      '<select name="cityId"><option value="" disabled>Select your city</option><option value="3">Pune</option></select>' +
        '<select name="committeeId"><option value="" disabled>Which committee?</option></select>',
      '',
    );
    expect(prerenderedOptions()).toEqual({ cities: [{ id: 3, name: 'Pune' }], committees: null });
    document.body.innerHTML = '';
    expect(prerenderedOptions()).toEqual({ cities: null, committees: null });
  });
});

describe('prerenderedPresidents', () => {
  it("reads the City President the front door named on each of the frame's cities (ADR 0081)", () => {
    page(
      '<select name="cityId"><option value="" disabled>Select your city</option>' +
        '<option value="3" data-president="Asha &amp; Rao">Pune</option><option value="4">Nashik</option></select>',
      '',
    );
    expect(prerenderedPresidents()).toEqual(new Map([['3', 'Asha & Rao']]));
    document.body.innerHTML = '';
    expect(prerenderedPresidents()).toEqual(new Map());
  });
});
