// suggest-lsp as the completion source of requirements files in VS Code, through Microsoft's generic
// vscode-languageclient (no suggest-lsp-specific code): `npm install`, then run it with "Developer: Install Extension
// from Location…" or package it with vsce.
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

function activate(context) {
  const config = vscode.workspace.getConfiguration('suggest-lsp');
  const args = config.get('catalog') ? ['--catalog', config.get('catalog')] : [];
  client = new LanguageClient(
    'suggest-lsp',
    'suggest-lsp',
    { command: config.get('path'), args },
    { documentSelector: [{ scheme: 'file', pattern: '**/requirements*.txt' }] },
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client && client.stop();
}

module.exports = { activate, deactivate };
