// The Modal page of the UI showcase: a confirmation before deleting, an information dialog, and a dialog of one's own.
import { useState } from 'react';
import { App, Button, Form, Input } from 'antd';
import { DeleteOutlined, InfoCircleOutlined, UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Example, ShowcasePage } from '../kit/ShowcasePage';
import { Dialog } from '../../ui/Dialog';

function ConfirmExample() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  return (
    <Button
      danger
      icon={<DeleteOutlined aria-hidden />}
      onClick={() =>
        modal.confirm({
          title: t('showcaseComponents.modal.confirm.question'),
          content: t('showcaseComponents.modal.confirm.content'),
          okText: t('app.delete'),
          okButtonProps: { danger: true },
          cancelText: t('app.cancel'),
          onOk: () => void message.success(t('showcaseComponents.modal.confirm.deleted')),
        })
      }
    >
      {t('showcaseComponents.modal.confirm.button')}
    </Button>
  );
}

function InfoExample() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return (
    <Button
      icon={<InfoCircleOutlined aria-hidden />}
      onClick={() =>
        modal.info({
          title: t('showcaseComponents.modal.info.heading'),
          content: t('showcaseComponents.modal.info.content'),
          okText: t('showcaseComponents.modal.info.ok'),
        })
      }
    >
      {t('showcaseComponents.modal.info.button')}
    </Button>
  );
}

function CustomExample() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ email: string }>();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="primary" icon={<UserAddOutlined aria-hidden />} onClick={() => setOpen(true)}>
        {t('showcaseComponents.modal.custom.button')}
      </Button>
      <Dialog
        title={t('showcaseComponents.modal.custom.button')}
        open={open}
        okText={t('showcaseComponents.modal.custom.send')}
        cancelText={t('app.cancel')}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        afterClose={() => form.resetFields()}
      >
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={({ email }) => {
            setOpen(false);
            void message.success(t('showcaseComponents.modal.custom.sent', { email }));
          }}
        >
          <Form.Item
            name="email"
            label={t('studyContacts.fields.email')}
            extra={t('showcaseComponents.modal.custom.help')}
            rules={[
              { required: true, message: t('validation.required') },
              { type: 'email', message: t('validation.email') },
            ]}
          >
            <Input type="email" autoComplete="off" />
          </Form.Item>
        </Form>
      </Dialog>
    </>
  );
}

export default function ModalPage() {
  const { t } = useTranslation();
  return (
    <ShowcasePage title={t('menu.components.modal')} intro={t('showcaseComponents.modal.intro')}>
      <Example
        title={t('showcaseComponents.modal.confirm.title')}
        description={t('showcaseComponents.modal.confirm.description')}
      >
        <ConfirmExample />
      </Example>
      <Example
        title={t('showcaseComponents.modal.info.title')}
        description={t('showcaseComponents.modal.info.description')}
      >
        <InfoExample />
      </Example>
      <Example
        title={t('showcaseComponents.modal.custom.title')}
        description={t('showcaseComponents.modal.custom.description')}
      >
        <CustomExample />
      </Example>
    </ShowcasePage>
  );
}
