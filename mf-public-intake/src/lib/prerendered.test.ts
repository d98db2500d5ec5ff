import { currentLanguage, setLanguage } from 'shared-contracts';
import '../i18n';
import { handOffPrerendered } from './prerendered';

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
