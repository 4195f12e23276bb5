import { useState } from 'react';
import { describe, it, expect } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PhoneInput } from './phone-input.tsx';
import { filterRegions, listRegions } from './regions.ts';
import { startingRegion } from './starting-region.ts';

function Harness() {
  const [phone, setPhone] = useState('');
  const [region, setRegion] = useState(() => startingRegion({ phoneRegion: { code: 'ID', dialCode: '62' } }, 'en'));
  return (
    <>
      <PhoneInput id="phone" label="Phone number" value={phone} onChange={setPhone} region={region} onRegionChange={setRegion} />
      <output data-testid="region">{region.code}</output>
    </>
  );
}

describe('PhoneInput', () => {
  it('lets through digits, + and = only', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText('Phone number');
    await user.type(input, '08a1-2 +3=');
    expect(input).toHaveValue('0812+3=');
  });

  it('starts on +62 and picks Malaysia (+60) by searching its name', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const regionButton = screen.getByRole('button', { name: /Country code \+62 \(Indonesia\)/ });
    await user.click(regionButton);

    // The picker downloads on first use.
    const dialog = await screen.findByRole('dialog', { name: 'Search Region' });
    const search = within(dialog).getByPlaceholderText('Search region...');
    expect(search).toHaveFocus();
    await user.type(search, 'malay');
    expect(within(dialog).queryByRole('button', { name: /Indonesia/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /Malaysia/ }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Country code \+60 \(Malaysia\)/ })).toHaveTextContent('+60');
    expect(screen.getByTestId('region')).toHaveTextContent('MY');
  });

  it('closes the region picker with Escape and gives focus back to the code button', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const regionButton = screen.getByRole('button', { name: /Country code \+62/ });
    await user.click(regionButton);
    expect(await screen.findByRole('dialog')).toHaveAttribute('aria-modal', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(regionButton).toHaveFocus();
  });

  it('keeps Tab inside the region picker', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: /Country code \+62/ }));
    await user.type(await screen.findByPlaceholderText('Search region...'), 'singapore');
    const dialog = screen.getByRole('dialog');
    await user.tab();
    expect(within(dialog).getByRole('button', { name: /Singapore/ })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
  });
});

describe('regions', () => {
  it('names every country of the phone metadata in the reader language', () => {
    const japanese = listRegions('ja');
    expect(japanese.find((region) => region.code === 'ID')).toEqual({ code: 'ID', dialCode: '62', name: 'インドネシア' });
    expect(listRegions('en').length).toBeGreaterThan(200);
  });

  it('filters by name without accents or by dialing code', () => {
    const regions = listRegions('en');
    expect(filterRegions(regions, 'reunion').map((region) => region.code)).toEqual(['RE']);
    expect(filterRegions(regions, '+60').map((region) => region.code)).toContain('MY');
  });
});
