import type { IAuthenticateGeneric, ICredentialTestRequest, ICredentialType, Icon, INodeProperties } from 'n8n-workflow';

/** An API token of the studio (created on its /api page) and the address of the studio it belongs to. */
export class ImageStudioApi implements ICredentialType {
  name = 'imageStudioApi';

  displayName = 'Image Studio API';

  icon: Icon = { light: 'file:../icons/imageStudio.svg', dark: 'file:../icons/imageStudio.dark.svg' };

  documentationUrl = 'https://www.npmjs.com/package/n8n-nodes-image-studio#credentials';

  properties: INodeProperties[] = [
    {
      displayName: 'Base URL',
      name: 'baseUrl',
      type: 'string',
      default: '',
      required: true,
      placeholder: 'https://studio.example.com',
      description: 'Address of the studio, without /api (the same as in the browser)',
    },
    {
      displayName: 'API Token',
      name: 'apiToken',
      type: 'string',
      typeOptions: { password: true },
      default: '',
      required: true,
      description: 'A token from the /api page of the studio (it starts with nbk_)',
    },
  ];

  authenticate: IAuthenticateGeneric = {
    type: 'generic',
    properties: {
      headers: {
        Authorization: '=Bearer {{$credentials.apiToken}}',
      },
    },
  };

  // The balance charges nothing and answers 401 for a wrong or disabled token.
  test: ICredentialTestRequest = {
    request: {
      baseURL: '={{$credentials.baseUrl}}',
      url: '/api/n8n/balance',
      method: 'GET',
    },
  };
}
