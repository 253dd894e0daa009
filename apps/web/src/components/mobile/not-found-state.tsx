import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { MobileErrorBlock } from './error-block.tsx';

export interface MobileNotFoundProps {
  title: string;
  description: string;
  /** The label of the way back and where it leads (a list page). */
  backText: string;
  backTo: string;
  testId?: string;
}

/** "Not found" for a bad or unknown id in the address: no retry (it cannot help), a way back. */
export function MobileNotFound({ title, description, backText, backTo, testId }: MobileNotFoundProps) {
  const navigate = useNavigate();
  return (
    <MobileErrorBlock status="empty" title={title} description={description} className="m-not-found" data-testid={testId}>
      <Button color="primary" fill="outline" onClick={() => void navigate(backTo, { replace: true })} data-testid={testId && `${testId}-back`}>
        {backText}
      </Button>
    </MobileErrorBlock>
  );
}
