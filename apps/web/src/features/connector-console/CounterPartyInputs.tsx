import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The participant a DSP call goes to, as typed: its protocol address and, when given, its participant id. */
export function useCounterParty() {
  const [address, setAddress] = useState('');
  const [participantId, setParticipantId] = useState('');
  return {
    address,
    participantId,
    setAddress,
    setParticipantId,
    /** The request's counter-party fields; the participant id only when one was typed. */
    fields: { counterPartyAddress: address, ...(participantId ? { counterPartyId: participantId } : {}) },
  };
}

/** The inputs of `useCounterParty`: the DSP address (required) and the participant id. */
export function CounterPartyInputs({ counterParty }: { counterParty: ReturnType<typeof useCounterParty> }) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={t('console.dspAddress')}
        required
        value={counterParty.address}
        onChange={(event) => counterParty.setAddress(event.currentTarget.value)}
      />
      <TextInput
        label={t('console.participantId')}
        value={counterParty.participantId}
        onChange={(event) => counterParty.setParticipantId(event.currentTarget.value)}
      />
    </>
  );
}
