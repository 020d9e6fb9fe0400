import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { PhoneBar } from '../widgets/phone-bar/PhoneBar';
import { phoneBarStyles } from '../widgets/phone-bar/styles';
import { messages } from '../widgets/phone-bar/messages';
import { PhoneController, type CallStatus, type PhoneNotice, type RegistrationStatus } from '../widgets/phone-bar/phone';

/**
 * Each state of <garage-phone-bar>, on a controller whose signals are set directly (no SIP server
 * needed). The live journeys against Kamailio are in tests/e2e/phone-*.test.ts.
 */
interface PhoneState {
  enabled?: boolean;
  disabledReason?: string;
  registration?: RegistrationStatus | '';
  status?: CallStatus | '';
  number?: string;
  elapsedSeconds?: number;
  balanceMinutes?: number | null;
  notice?: PhoneNotice | null;
  loading?: boolean;
}

function phoneIn(state: PhoneState): PhoneController {
  const phone = new PhoneController({ storage: null, loadJsSIP: () => new Promise(() => {}) });
  phone.enabled.value = state.enabled ?? true;
  phone.disabledReason.value = state.disabledReason ?? '';
  phone.registration.value = state.registration ?? 'reg.registered';
  phone.status.value = state.status ?? state.registration ?? 'reg.registered';
  phone.number.value = state.number ?? '13800138000';
  phone.elapsedSeconds.value = state.elapsedSeconds ?? 0;
  phone.balanceMinutes.value = state.balanceMinutes === undefined ? 1200 : state.balanceMinutes;
  phone.notice.value = state.notice ?? null;
  phone.loading.value = state.loading ?? false;
  return phone;
}

/** The bar's CSS targets its shadow root (:host), as inside the real element. */
function InShadowRoot({ children }: { children: ReactNode }) {
  const hostRef = useRef<HTMLDivElement>(null);
  const [root, setRoot] = useState<ShadowRoot | null>(null);
  useLayoutEffect(() => {
    const host = hostRef.current;
    if (host) setRoot(host.shadowRoot ?? host.attachShadow({ mode: 'open' }));
  }, []);
  return (
    <div ref={hostRef} style={{ maxWidth: 860 }}>
      {root &&
        createPortal(
          <>
            <style>{phoneBarStyles}</style>
            {children}
          </>,
          root,
        )}
    </div>
  );
}

const meta: Meta<typeof PhoneBar> = {
  title: 'Widgets/Phone bar',
  component: PhoneBar,
  parameters: { layout: 'padded' },
  decorators: [(Story) => <InShadowRoot><Story /></InShadowRoot>],
};
export default meta;
type Story = StoryObj<typeof PhoneBar>;

export const Registered: Story = { args: { phone: phoneIn({}), number: '13800138000' } };
export const Connecting: Story = { args: { phone: phoneIn({ status: 'outgoing.connecting' }) } };
export const Ringing: Story = { args: { phone: phoneIn({ status: 'outgoing.progress' }) } };
export const Connected: Story = { args: { phone: phoneIn({ status: 'outgoing.accecpted', elapsedSeconds: 75 }) } };
export const Ended: Story = {
  args: { phone: phoneIn({ status: 'outgoing.ended', notice: { kind: 'info', text: messages.callEnded('01:15') } }) },
};
export const Busy: Story = { args: { phone: phoneIn({ status: 'outgoing.failed', notice: { kind: 'error', text: messages.busy } }) } };
export const NoMicrophone: Story = {
  args: { phone: phoneIn({ status: 'outgoing.failed', notice: { kind: 'error', text: messages.noMicrophone } }) },
};
export const BalanceUsedUp: Story = {
  args: { phone: phoneIn({ balanceMinutes: 0, notice: { kind: 'error', text: messages.balanceUsedUp } }) },
};
export const RegistrationLost: Story = {
  args: { phone: phoneIn({ registration: 'reg.unregistered', notice: { kind: 'error', text: messages.registrationLost } }) },
};
export const Connecting_line: Story = { name: 'Line connecting', args: { phone: phoneIn({ registration: '', loading: true }) } };
export const Disabled: Story = { args: { phone: phoneIn({ enabled: false, disabledReason: messages.disabledNoAccount }) } };
export const DisabledDocked: Story = { name: 'Disabled, docked (folded)', args: { phone: phoneIn({ enabled: false, disabledReason: messages.disabledNoAccount }), foldable: true } };
